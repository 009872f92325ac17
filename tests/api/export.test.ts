import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPages } from '../../api/services/export/pdf-layout';
import { lockedSectionIds } from '#shared/section-lock';
import { createTestApp, type TestApp } from '../helpers/test-app';

type Seeded = {
  boardId: number;
  sections: { id: number; title: string }[];
  cards: { id: number; title: string; sectionId: number | null }[];
};

const LONG_MARKDOWN = [
  '## Why it works',
  'The **starter pack** is shown *once*, right after the first loss, with a [breakdown](https://example.com/breakdown).',
  '',
  '- 300 gems',
  '- 5 boosters',
  '  1. nested step',
  '',
  '> quoted review',
  '',
  '```',
  'price = 0.99',
  '```',
  '',
  ...Array.from(
    { length: 80 },
    (_, i) => `Paragraph ${i} keeps going so that the text is far longer than the cell it is printed in.`,
  ),
].join('\n');

/** Runs a poppler tool on a PDF and returns its stdout. */
function poppler(tool: string, args: string[]): string {
  return execFileSync(tool, args, { encoding: 'utf8' });
}

describe('GET /api/boards/:id/export', () => {
  let t: TestApp;
  let cookie: string;
  let seeded: Seeded;
  let work: string;

  const call = (url: string, who = cookie) => t.call('GET', url, { cookie: who });
  const post = async (url: string, json: unknown, who = cookie) =>
    (await t.call('POST', url, { cookie: who, json })).json();

  async function seedBoard(who: string, title: string): Promise<Seeded> {
    const board = await post('/api/boards', { title }, who);
    const sections: Seeded['sections'] = [];
    const cards: Seeded['cards'] = [];
    const layout = [
      ['Starter packs', 3],
      ['Shops', 5],
      ['Battle passes', 2],
    ] as const;
    for (const [index, [sectionTitle, count]] of layout.entries()) {
      const section = await post(
        '/api/sections',
        { boardId: board.id, title: sectionTitle, color: '#FDE2E4', position: { x: 0, y: index * 1000 } },
        who,
      );
      sections.push(section);
      for (let i = 0; i < count; i += 1) {
        const card = await post(
          '/api/cards',
          {
            boardId: board.id,
            sectionId: section.id,
            title: `${sectionTitle} card ${i} «Ёлка»`,
            description: `Short description of ${sectionTitle} ${i}`,
            detailedDescription: i === 0 ? LONG_MARKDOWN : `A **bold** point about ${sectionTitle}.`,
            game: 'Royal Match',
            gameLink: 'https://play.example.com/royal-match?id=1',
            tags: ['Shop', 'Offers'],
            images: [
              '/api/storage/shots/red.png',
              '/api/storage/shots/blue.jpg',
              'https://cdn.example.com/outside.png',
              '/api/storage/shots/missing.png',
            ],
            position: { x: i * 400, y: index * 1000 + 60 },
          },
          who,
        );
        cards.push(card);
      }
    }
    cards.push(await post('/api/cards', { boardId: board.id, title: 'Loose idea', images: [] }, who));
    return { boardId: board.id, sections, cards };
  }

  beforeAll(async () => {
    t = await createTestApp();
    work = fs.mkdtempSync(path.join(t.dir, 'pdf-'));
    const shots = path.join(t.config.storageDir, 'shots');
    fs.mkdirSync(shots, { recursive: true });
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#d02030' } })
      .png()
      .toFile(path.join(shots, 'red.png'));
    await sharp({ create: { width: 600, height: 900, channels: 3, background: '#2040d0' } })
      .jpeg()
      .toFile(path.join(shots, 'blue.jpg'));
    ({ cookie } = await t.signIn(undefined, { planId: 2 }));
    seeded = await seedBoard(cookie, 'Monetization: references');
  });
  afterAll(() => t.close());

  it('makes a PDF whose pages follow the layout, with every card title, links, and drawn pages', async () => {
    const res = await call(`/api/boards/${seeded.boardId}/export?format=pdf&perPage=4`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''Monetization-%20references.pdf`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(work, 'board.pdf');
    fs.writeFileSync(file, pdf);

    // 1 cover + Starter packs 3 → 1 page, Shops 5 → 2, Battle passes 2 → 1, No section 1 → 1.
    const expectedPages = planPages([3, 5, 2, 1], { paper: 'a4', orientation: 'portrait', perPage: 4 }).length;
    expect(expectedPages).toBe(6);
    const info = poppler('pdfinfo', [file]);
    expect(info).toMatch(new RegExp(`Pages:\\s+${expectedPages}\\b`));
    expect(info).toMatch(/Page size:\s+595\.\d* x 841\.\d* pts \(A4\)/);

    const text = poppler('pdftotext', ['-layout', file, '-']);
    for (const card of seeded.cards) expect(text).toContain(card.title);
    // No language chosen and none asked for: English (Russian in user-language.test.ts).
    expect(text).toContain('No section');
    expect(text).toMatch(/6\s*\/\s*6/);
    // The game link is a clickable URI annotation (annotation dictionaries are not compressed).
    expect(pdf.toString('latin1')).toContain('/URI (https://play.example.com/royal-match?id=1)');

    execFileSync('pdftoppm', ['-f', '2', '-l', '2', '-r', '40', '-png', file, path.join(work, 'page')]);
    const pagePng = fs.readdirSync(work).find((name) => name.startsWith('page') && name.endsWith('.png'))!;
    const { data, info: raw } = await sharp(path.join(work, pagePng)).raw().toBuffer({ resolveWithObject: true });
    let inked = 0;
    let red = 0;
    for (let i = 0; i < data.length; i += raw.channels) {
      if (data[i] < 235 || data[i + 1] < 235 || data[i + 2] < 235) inked += 1;
      if (data[i] > 170 && data[i + 1] < 80 && data[i + 2] < 90) red += 1;
    }
    const pixels = raw.width * raw.height;
    expect(inked / pixels).toBeGreaterThan(0.05);
    // The red screenshot is embedded and drawn.
    expect(red / pixels).toBeGreaterThan(0.02);
  });

  it('lays out 2 cards a page on landscape Letter paper', async () => {
    const res = await call(
      `/api/boards/${seeded.boardId}/export?format=pdf&paper=letter&orientation=landscape&perPage=2`,
    );
    expect(res.status).toBe(200);
    const file = path.join(work, 'letter.pdf');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const info = poppler('pdfinfo', [file]);
    // cover + 2 + 3 + 1 + 1
    expect(info).toMatch(/Pages:\s+8\b/);
    expect(info).toMatch(/Page size:\s+792 x 612 pts \(letter\)/);
  });

  it('exports one section, or chosen cards, and nothing else', async () => {
    const shops = seeded.sections[1];
    const res = await call(`/api/boards/${seeded.boardId}/export?format=pdf&sectionId=${shops.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`Shops.pdf`);
    const file = path.join(work, 'section.pdf');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = poppler('pdftotext', [file, '-']);
    for (const card of seeded.cards) {
      if (card.sectionId === shops.id) expect(text).toContain(card.title);
      else expect(text).not.toContain(card.title);
    }
    expect(poppler('pdfinfo', [file])).toMatch(/Pages:\s+3\b/);

    const chosen = [seeded.cards[0], seeded.cards[4]];
    const zipRes = await call(
      `/api/boards/${seeded.boardId}/export?format=md&cardIds=${chosen.map((c) => c.id).join(',')}`,
    );
    expect(zipRes.status).toBe(200);
    const brief = strFromU8(unzipSync(new Uint8Array(await zipRes.arrayBuffer()))['brief.md']);
    for (const card of seeded.cards) {
      if (chosen.includes(card)) expect(brief).toContain(card.title.replace('«', '«'));
      else expect(brief).not.toContain(`### ${card.title}`);
    }
  });

  it('makes a Markdown zip whose brief names every card and only images the zip holds', async () => {
    const res = await call(`/api/boards/${seeded.boardId}/export?format=md`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/filename="Monetization- references\.zip"/);
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const names = Object.keys(entries);
    for (const name of names) {
      expect(name).not.toMatch(/(^|\/)\.\.(\/|$)|^\/|\\|^[a-z]:/i);
      expect(path.posix.normalize(name)).toBe(name);
    }
    const brief = strFromU8(entries['brief.md']);
    expect(brief.startsWith('# Monetization: references')).toBe(true);
    for (const card of seeded.cards) expect(brief).toContain(`### ${card.title}`);
    expect(brief).toContain('## No section');
    expect(brief).toContain('[Royal Match](<https://play.example.com/royal-match?id=1>)');
    // The card's own headings nest under the card's ### heading.
    expect(brief).toContain('##### Why it works');

    const html = renderToStaticMarkup(createElement(Markdown, null, brief));
    const sources = [...html.matchAll(/<img src="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    // Two stored images per section card (the missing file is left out, the outside one is a link).
    expect(sources).toHaveLength(10 * 2);
    for (const src of sources) {
      expect(src.startsWith('images/')).toBe(true);
      expect(entries[decodeURI(src)], src).toBeDefined();
    }
    expect(html).toContain('href="https://cdn.example.com/outside.png"');
    const red = entries[sources[0]];
    expect((await sharp(Buffer.from(red)).metadata()).width).toBe(1200);
    for (const card of seeded.cards) expect(html).toContain(card.title);
  });

  it('escapes card text so a title cannot inject markup or links', async () => {
    const board = await post('/api/boards', { title: '../../etc/passwd' });
    await post('/api/cards', {
      boardId: board.id,
      title: '<img src=x onerror=alert(1)> [click](javascript:alert(1))',
      detailedDescription: '[bad](javascript:alert(1)) <script>alert(1)</script>',
      images: ['/api/storage/../../secret.png', '/api/storage/shots/%2e%2e/red.png'],
    });
    const res = await call(`/api/boards/${board.id}/export?format=md`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="etc-passwd.zip"');
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(entries)).toEqual(['brief.md']);
    const html = renderToStaticMarkup(createElement(Markdown, null, strFromU8(entries['brief.md'])));
    expect(html).not.toMatch(/<img|<script|href="javascript/i);
    const pdf = await call(`/api/boards/${board.id}/export?format=pdf`);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).toString('latin1')).not.toContain('javascript:');
  });

  it('never puts a free plan’s locked cards in an export', async () => {
    const free = await t.signIn();
    const board = await seedBoard(free.cookie, 'Free references');
    const locked = lockedSectionIds(1, 'Free references', board.sections);
    expect(locked.size).toBe(2);
    const hidden = board.cards.filter((c) => c.sectionId !== null && locked.has(c.sectionId));
    const shown = board.cards.filter((c) => !hidden.includes(c));
    expect(hidden.length).toBeGreaterThan(0);

    const pdfRes = await call(`/api/boards/${board.boardId}/export?format=pdf`, free.cookie);
    expect(pdfRes.status).toBe(200);
    const file = path.join(work, 'free.pdf');
    fs.writeFileSync(file, Buffer.from(await pdfRes.arrayBuffer()));
    const text = poppler('pdftotext', [file, '-']);
    for (const card of shown) expect(text).toContain(card.title);
    for (const card of hidden) expect(text).not.toContain(card.title);
    for (const id of locked) expect(text).not.toContain(board.sections.find((s) => s.id === id)!.title);

    const zipRes = await call(`/api/boards/${board.boardId}/export?format=md`, free.cookie);
    const brief = strFromU8(unzipSync(new Uint8Array(await zipRes.arrayBuffer()))['brief.md']);
    for (const card of shown) expect(brief).toContain(card.title);
    for (const card of hidden) expect(brief).not.toContain(card.title);

    // Naming a locked section or locked cards directly reveals nothing either.
    const lockedSection = [...locked][0];
    expect(
      (await call(`/api/boards/${board.boardId}/export?format=pdf&sectionId=${lockedSection}`, free.cookie)).status,
    ).toBe(404);
    expect(
      (
        await call(
          `/api/boards/${board.boardId}/export?format=md&cardIds=${hidden.map((c) => c.id).join(',')}`,
          free.cookie,
        )
      ).status,
    ).toBe(404);
  });

  it('answers 404 for another user’s board or section, 401 for a guest, 400 for bad options', async () => {
    const other = await t.signIn(undefined, { planId: 2 });
    const otherBoard = await post('/api/boards', { title: 'Mine' }, other.cookie);
    for (const format of ['pdf', 'md']) {
      const res = await call(`/api/boards/${seeded.boardId}/export?format=${format}`, other.cookie);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('Starter packs');
    }
    expect(
      (await call(`/api/boards/${otherBoard.id}/export?format=pdf&sectionId=${seeded.sections[0].id}`, other.cookie))
        .status,
    ).toBe(404);
    expect(
      (await call(`/api/boards/${otherBoard.id}/export?format=md&cardIds=${seeded.cards[0].id}`, other.cookie)).status,
    ).toBe(404);
    expect((await t.call('GET', `/api/boards/${seeded.boardId}/export?format=pdf`)).status).toBe(401);
    for (const query of [
      'format=png',
      'format=pdf&perPage=3',
      'format=pdf&paper=a3',
      'format=md&cardIds=1,,2',
      'format=md&cardIds=-1',
      'format=pdf&sectionId=1&cardIds=2',
      '',
    ]) {
      const res = await call(`/api/boards/${seeded.boardId}/export?${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json()).error.code).toBe('invalid_input');
    }
  });
});
