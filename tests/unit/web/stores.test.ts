import { describe, expect, it } from 'vitest';
import { highestBoardId, checkBoardDeletable } from '../../../web/data/boards.queries';
import { defaultSidebarOpen } from '../../../web/stores/sidebar.slice';
import { createAppStore } from '../../../web/stores/app.store';
import { useToastStore, toast } from '../../../web/stores/toast.store';
import { useSearchStatus } from '../../../web/components/search/search-status.store';

describe('app store', () => {
  it('opening bookmarks shows the sidebar and resets the new-bookmarks counter (spec §4)', () => {
    const store = createAppStore();
    store.setState({ sidebarOpen: false });
    store.getState().bookmarkAdded();
    store.getState().bookmarkAdded();
    expect(store.getState().newBookmarksCount).toBe(2);
    store.getState().openBookmarks();
    expect(store.getState()).toMatchObject({ bookmarksViewOpen: true, sidebarOpen: true, newBookmarksCount: 0 });
    store.getState().closeBookmarks();
    expect(store.getState().bookmarksViewOpen).toBe(false);
  });

  it('a reverted add never takes the counter below 0', () => {
    const store = createAppStore();
    store.getState().bookmarkAddReverted();
    expect(store.getState().newBookmarksCount).toBe(0);
  });

  it('changing board clears the rating query id, the selection and open overlays (spec §4)', () => {
    const store = createAppStore();
    store.getState().setCurrentBoardId(1);
    store.getState().setRatingQueryId(42);
    store.getState().setSelection([1, 2, 2]);
    store.getState().openViewer(1, 2);
    expect(store.getState().selectedCardIds).toEqual([1, 2]);
    store.getState().setCurrentBoardId(1);
    expect(store.getState().ratingQueryId).toBe(42);
    store.getState().setCurrentBoardId(2);
    expect(store.getState()).toMatchObject({ ratingQueryId: null, selectedCardIds: [], viewer: null });
  });

  it('shift-click toggles a card in and out of the selection', () => {
    const store = createAppStore();
    store.getState().toggleSelected(3);
    store.getState().toggleSelected(4);
    store.getState().toggleSelected(3);
    expect(store.getState().selectedCardIds).toEqual([4]);
  });

  it('opens the sidebar by default from 768 px (spec §2)', () => {
    expect(defaultSidebarOpen(768)).toBe(true);
    expect(defaultSidebarOpen(767)).toBe(false);
  });
});

describe('board rules', () => {
  it('selects the highest real id (spec §4)', () => {
    expect(
      highestBoardId([
        { id: 3, role: 'owner' },
        { id: 9, role: 'owner' },
        { id: -1, role: 'owner' },
      ]),
    ).toBe(9);
    expect(highestBoardId([])).toBeNull();
  });
  it("prefers the user's own boards to higher ids shared with them, and takes a shared one when they own none", () => {
    expect(
      highestBoardId([
        { id: 3, role: 'owner' },
        { id: 12, role: 'viewer' },
        { id: 11, role: 'editor' },
      ]),
    ).toBe(3);
    expect(
      highestBoardId([
        { id: 12, role: 'viewer' },
        { id: 11, role: 'editor' },
      ]),
    ).toBe(12);
  });
  it('refuses invalid or unknown ids before deleting (spec §5)', () => {
    const boards = [
      { id: 3, role: 'owner' as const },
      { id: 9, role: 'owner' as const },
      { id: 14, role: 'editor' as const },
    ];
    expect(checkBoardDeletable(-4, boards)).toEqual({
      ok: false,
      toast: { title: 'Invalid Board ID', description: 'Cannot delete board with invalid ID.' },
    });
    expect(checkBoardDeletable('3', boards)).toMatchObject({ ok: false, toast: { title: 'Invalid Board ID' } });
    expect(checkBoardDeletable(5, boards)).toEqual({
      ok: false,
      toast: { title: 'Board Not Found', description: "The board you're trying to delete doesn't exist." },
    });
    expect(checkBoardDeletable(9, boards)).toEqual({ ok: true });
    // A board shared with the user is not theirs to delete.
    expect(checkBoardDeletable(14, boards)).toMatchObject({ ok: false, toast: { title: 'Board Not Found' } });
  });
});

describe('toasts (spec §9)', () => {
  it('shows one at a time: a new toast replaces the previous', () => {
    const first = toast({ title: 'One' });
    toast({ title: 'Two', description: 'second' }, 'success');
    expect(useToastStore.getState().current).toMatchObject({ title: 'Two', variant: 'success', duration: 5000 });
    useToastStore.getState().dismiss(first);
    expect(useToastStore.getState().current?.title).toBe('Two');
    useToastStore.getState().dismiss();
    expect(useToastStore.getState().current).toBeNull();
  });
});

describe('workflow and gallery state in the store (no module variables)', () => {
  it('asks for the first Untitled board once per user', () => {
    const store = createAppStore();
    expect(store.getState().claimUntitledBoard(7)).toBe(true);
    expect(store.getState().claimUntitledBoard(7)).toBe(false);
    expect(store.getState().claimUntitledBoard(8)).toBe(true);
  });

  it('opens a share code once at a time, and again after the first open ended', () => {
    const store = createAppStore();
    expect(store.getState().claimShareCode('abc')).toBe(true);
    expect(store.getState().claimShareCode('abc')).toBe(false);
    store.getState().releaseShareCode('abc');
    expect(store.getState().claimShareCode('abc')).toBe(true);
  });

  it('keeps card id aliases of undone deletes, ignoring an id aliased to itself', () => {
    const store = createAppStore();
    store.getState().aliasCardId(3, 10);
    store.getState().aliasCardId(4, 4);
    expect(store.getState().cardIdAliases).toEqual({ 3: 10 });
  });

  it('remembers the image each card gallery shows', () => {
    const store = createAppStore();
    store.getState().setShownImage(12, 2);
    expect(store.getState().shownImages[12]).toBe(2);
    expect(store.getState().shownImages[13]).toBeUndefined();
  });
});

describe('the search status: the notice of a named scope', () => {
  it('keeps the notice of a query for the board it was asked on, until the next query or a dismiss', () => {
    const status = useSearchStatus.getState();
    status.start(7);
    status.succeed('2 Piggy Bank matches in Casino games, first on the board.');
    expect(useSearchStatus.getState().notice).toEqual({
      boardId: 7,
      text: '2 Piggy Bank matches in Casino games, first on the board.',
    });
    // The indicator's completion hides it; the notice stays.
    useSearchStatus.getState().hide();
    expect(useSearchStatus.getState().notice?.boardId).toBe(7);
    useSearchStatus.getState().start(8);
    expect(useSearchStatus.getState().notice).toBeNull();
    useSearchStatus.getState().succeed(undefined);
    expect(useSearchStatus.getState().notice).toBeNull();
    useSearchStatus.getState().start(8);
    useSearchStatus.getState().succeed('Nothing in RPG games matches Piggy Bank.');
    useSearchStatus.getState().dismissNotice();
    expect(useSearchStatus.getState().notice).toBeNull();
  });
});
