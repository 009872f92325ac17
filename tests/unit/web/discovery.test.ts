import { describe, expect, it } from 'vitest';
import { SESSION_KEYS } from '#shared/constants';
import {
  boardAfterBack,
  categoryTitle,
  groupByCategory,
  newCollections,
} from '../../../web/components/collections/collection-groups';
import { isNewSeen, markNewSeen, showCollectionsBadge } from '../../../web/components/collections/new-badges';
import { feedbackDraft } from '../../../web/logic/feedback-form';
import { shareErrorMessage } from '../../../web/components/share/share-link';
import {
  domVerdict,
  headVerdict,
  responseVerdict,
  screenshotSlots,
  urlFormatVerdicts,
} from '../../../web/components/storage-test/storage-checks';
import { ApiError } from '../../../web/data/api-client';
import { rememberPostLoginRedirect, takePostLoginRedirect } from '../../../web/logic/post-login-redirect';
import { MemoryStorage } from './memory-storage';

const item = (id: number, category: string, isNew: 0 | 1 = 0) => ({ id, category, new: isNew, name: `C${id}` });

describe('collections view grouping (spec accounts §2)', () => {
  it('titles a category key with the first letter capitalised and underscores as spaces', () => {
    expect(categoryTitle('live_ops')).toBe('Live ops');
    expect(categoryTitle('ui_ux')).toBe('Ui ux');
    expect(categoryTitle('monetization')).toBe('Monetization');
    expect(categoryTitle('')).toBe('');
  });

  it('groups in API order without repeats and lists new collections once', () => {
    const items = [
      item(1, 'monetization'),
      item(2, 'live_ops', 1),
      item(3, 'monetization', 1),
      item(2, 'live_ops', 1),
      item(3, 'core_gameplay', 1),
    ];
    expect(groupByCategory(items).map((g) => [g.title, g.items.map((i) => i.id)])).toEqual([
      ['Monetization', [1, 3]],
      ['Live ops', [2]],
      ['Core gameplay', [3]],
    ]);
    expect(newCollections(items).map((i) => i.id)).toEqual([2, 3]);
  });

  it('Back returns to the first board when the current one is not listed', () => {
    expect(boardAfterBack(5, [{ id: 9 }, { id: 5 }])).toBeNull();
    expect(boardAfterBack(7, [{ id: 9 }, { id: 5 }])).toBe(9);
    expect(boardAfterBack(null, [{ id: 9 }])).toBe(9);
    expect(boardAfterBack(3, [])).toBeNull();
  });
});

describe("'new!' badges (spec accounts §4)", () => {
  it('hide once seen in the session; Collections needs a new collection', () => {
    const storage = new MemoryStorage();
    expect(isNewSeen(SESSION_KEYS.collectionsNewSeen, storage)).toBe(false);
    markNewSeen(SESSION_KEYS.collectionsNewSeen, storage);
    expect(isNewSeen(SESSION_KEYS.collectionsNewSeen, storage)).toBe(true);
    expect(isNewSeen(SESSION_KEYS.featureSearchNewSeen, storage)).toBe(false);
    expect(showCollectionsBadge([{ new: 0 }, { new: 1 }], false)).toBe(true);
    expect(showCollectionsBadge([{ new: 0 }], false)).toBe(false);
    expect(showCollectionsBadge([{ new: 1 }], true)).toBe(false);
  });
});

describe('post-login redirect (spec accounts §2, §6)', () => {
  it('keeps a same-site path, answers it once, and clears it', () => {
    const storage = new MemoryStorage();
    rememberPostLoginRedirect('/feature-search?genres=Puzzle', storage);
    expect(storage.getItem('postLoginRedirect')).toBe('/feature-search?genres=Puzzle');
    expect(takePostLoginRedirect('/', storage)).toBe('/feature-search?genres=Puzzle');
    expect(takePostLoginRedirect('/', storage)).toBeNull();
  });

  it('only clears when the user is already there, and never keeps another origin', () => {
    const storage = new MemoryStorage();
    rememberPostLoginRedirect('/collections', storage);
    expect(takePostLoginRedirect('/collections', storage)).toBeNull();
    expect(storage.getItem('postLoginRedirect')).toBeNull();
    rememberPostLoginRedirect('//evil.example/x', storage);
    expect(takePostLoginRedirect('/somewhere', storage)).toBe('/');
    storage.setItem('postLoginRedirect', 'https://evil.example');
    expect(takePostLoginRedirect('/', storage)).toBeNull();
  });
});

describe('feedback rules (spec accounts §5)', () => {
  it('needs a non-blank message within the limits and sends trimmed values', () => {
    expect(feedbackDraft('', '   ').canSend).toBe(false);
    expect(feedbackDraft('', ' hi ')).toEqual({ canSend: true, payload: { message: 'hi' }, messageLength: 4 });
    expect(feedbackDraft('  Title ', 'm').payload).toEqual({ title: 'Title', message: 'm' });
    expect(feedbackDraft('t'.repeat(101), 'm').canSend).toBe(false);
    expect(feedbackDraft('t'.repeat(100), 'm'.repeat(3000)).canSend).toBe(true);
    expect(feedbackDraft('', 'm'.repeat(3001)).canSend).toBe(false);
  });
});

describe('share page message (spec accounts §8)', () => {
  it("uses the server's message, else 'Failed to access shared board'", () => {
    expect(
      shareErrorMessage(
        new ApiError(404, JSON.stringify({ error: { code: 'share_not_found', message: 'No longer shared' } })),
      ),
    ).toBe('No longer shared');
    expect(shareErrorMessage(new ApiError(500, 'oops'))).toBe('Failed to access shared board');
    expect(shareErrorMessage(new Error('network'))).toBe('Failed to access shared board');
  });
});

describe('storage diagnostic checks (spec accounts §2 /storage-test)', () => {
  it('reports HTTP errors and empty 204 answers', () => {
    expect(responseVerdict(200, 1234).kind).toBe('ok');
    expect(responseVerdict(204, null)).toEqual({ kind: 'empty', text: 'Пустое изображение (204, 0 байт)' });
    expect(responseVerdict(200, 0).kind).toBe('empty');
    expect(responseVerdict(404, 50)).toEqual({ kind: 'http', text: 'Ошибка HTTP: 404' });
    expect(headVerdict(200, 'image/webp', 22846)).toEqual({ ok: true, text: 'HEAD 200: image/webp, 22 846 байт' });
    expect(headVerdict(204, null, null).ok).toBe(false);
    expect(headVerdict(500, null, null).text).toBe('HEAD: ошибка HTTP 500');
  });

  it('reads the DOM image state', () => {
    expect(domVerdict(null).ok).toBe(false);
    expect(domVerdict({ complete: false, naturalWidth: 0, naturalHeight: 0 }).text).toBe(
      'DOM: изображение ещё загружается',
    );
    expect(domVerdict({ complete: true, naturalWidth: 0, naturalHeight: 0 }).ok).toBe(false);
    expect(domVerdict({ complete: true, naturalWidth: 720, naturalHeight: 1280 })).toEqual({
      ok: true,
      text: 'DOM: изображение загружено, 720×1280',
    });
  });

  it('checks URL formats by the spec path rules', () => {
    expect(urlFormatVerdicts('static/catalogue/a.webp')).toEqual({
      resolved: '/api/storage/catalogue/a.webp',
      verdicts: [{ ok: true, text: 'Путь static/ обслуживается из /api/storage/' }],
    });
    expect(urlFormatVerdicts('https://cdn.example/a.png').verdicts).toEqual([
      { ok: true, text: 'Внешний адрес http(s): загружается как есть' },
    ]);
    expect(urlFormatVerdicts('/api/storage/a.webp').verdicts).toEqual([{ ok: true, text: 'URL в порядке' }]);
    const relative = urlFormatVerdicts('shots/a b.png?x=1');
    expect(relative.resolved).toBe('/shots/a b.png?x=1');
    expect(relative.verdicts.map((v) => v.ok)).toEqual([false, false, false, false]);
    expect(urlFormatVerdicts('  ').verdicts).toEqual([{ ok: false, text: 'Пустой адрес' }]);
  });

  it('lists only filled screenshot slots, preferring the url', () => {
    const slots = screenshotSlots({
      screenshot_path1: 'static/a.webp',
      screenshot_url1: null,
      screenshot_path2: null,
      screenshot_url2: null,
      screenshot_path3: 'x.png',
      screenshot_url3: 'https://c/x.png',
    });
    expect(slots).toEqual([
      { slot: 1, path: 'static/a.webp', url: null, resolved: '/api/storage/a.webp' },
      { slot: 3, path: 'x.png', url: 'https://c/x.png', resolved: 'https://c/x.png' },
    ]);
  });
});
