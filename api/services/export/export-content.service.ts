import { cardsRepo, type CardRow } from '../../db/repositories/cards.repo';
import { gamesRepo } from '../../db/repositories/games.repo';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { showableImage } from '../image-access.service';
import type { ExportWords } from './export-words';
import { visibleCards, type Viewer } from '../section-lock.service';
import { listSections } from '../sections.service';
import { requireBoardRole } from '../board-ops/board-access';

/** What an export covers: the whole board, one section, or chosen cards. */
export type ExportScope = { sectionId?: number; cardIds?: number[] };

export type ExportCard = {
  id: number;
  title: string;
  description: string;
  detailedDescription: string;
  game: string;
  gameLink: string;
  genre: string;
  subgenre: string;
  tags: string[];
  images: string[];
};

/** A section as exported; `id` null is the group of cards outside any section. */
export type ExportGroup = { id: number | null; title: string; color: string | null; cards: ExportCard[] };

export type ExportContent = {
  boardTitle: string;
  /** The section's title when one section is exported (it goes into the file name). */
  scopeTitle: string | null;
  groups: ExportGroup[];
  cardCount: number;
};

const byPosition = <T extends { y: number; x: number; id: number }>(a: T, b: T) =>
  a.y - b.y || a.x - b.x || a.id - b.id;

/**
 * The cards an export shows, grouped as the board groups them: sections in reading order (top to bottom, then
 * left to right), each with its cards in the same order, then the cards outside any section. The board's own
 * access rules apply: another user's board or section is a 404, a free plan's locked sections are left out
 * (through the same lock service every other endpoint uses), and so is any image the viewer may not be shown.
 * The cards outside any section are a group named in the export's language (`t`).
 */
export async function exportContent(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  boardId: number,
  scope: ExportScope,
  t: ExportWords,
): Promise<ExportContent> {
  const { board, owner } = await requireBoardRole(deps.db, viewer, boardId, 'viewer');
  const sections = (await listSections(deps, viewer, boardId)).filter((s) => !s.locked);
  const openSectionIds = new Set(sections.map((s) => s.id));
  let cards = (await visibleCards(deps.db, owner, await cardsRepo.listOwnedByBoard(deps.db, owner.id, boardId))).filter(
    (card) => card.sectionId === null || openSectionIds.has(card.sectionId),
  );

  let scopeTitle: string | null = null;
  let shownSections = sections;
  if (scope.sectionId !== undefined) {
    const section = sections.find((s) => s.id === scope.sectionId);
    if (!section) throw notFound('section');
    scopeTitle = section.title;
    shownSections = [section];
    cards = cards.filter((card) => card.sectionId === section.id);
  } else if (scope.cardIds !== undefined) {
    const chosen = new Set(scope.cardIds);
    cards = cards.filter((card) => chosen.has(card.id));
    if (cards.length === 0) throw notFound('card');
    const used = new Set(cards.map((card) => card.sectionId));
    shownSections = sections.filter((s) => used.has(s.id));
  }

  const games = await genresByGame(deps, cards);
  const images = await showableImagesOf(deps, viewer, cards);
  const toExportCard = (row: CardRow): ExportCard => {
    const game = games.get(row.game);
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      detailedDescription: row.detailedDescription,
      game: row.game,
      gameLink: row.gameLink,
      genre: game?.genre ?? '',
      subgenre: game?.subgenre ?? '',
      tags: row.tags ?? [],
      images: images.get(row.id) ?? [],
    };
  };
  const cardsOf = (sectionId: number | null) =>
    cards
      .filter((c) => c.sectionId === sectionId)
      .sort(byPosition)
      .map(toExportCard);

  const groups: ExportGroup[] = shownSections
    .map((s) => ({ s, key: { x: s.position.x, y: s.position.y, id: s.id } }))
    .sort((a, b) => byPosition(a.key, b.key))
    .map(({ s }) => ({ id: s.id, title: s.title, color: s.color, cards: cardsOf(s.id) }));
  if (scope.sectionId === undefined) {
    const loose = cardsOf(null);
    if (loose.length > 0) groups.push({ id: null, title: t('noSection'), color: null, cards: loose });
  }
  return { boardTitle: board.title, scopeTitle, groups, cardCount: cards.length };
}

/**
 * Each card's images as the export may show them, in their canonical spelling: an image the viewer may not see
 * (another user's own image, in any spelling) is left out, not packed and not linked. The same "may show" rule
 * the storage route serves by; each distinct URL is decided once.
 */
async function showableImagesOf(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  cards: CardRow[],
): Promise<Map<number, string[]>> {
  const decided = new Map<string, Promise<string | null>>();
  const decide = (url: string) => {
    let answer = decided.get(url);
    if (!answer) {
      answer = showableImage(deps.db, viewer, url).then((image) => image?.url ?? null);
      decided.set(url, answer);
    }
    return answer;
  };
  const out = new Map<number, string[]>();
  for (const card of cards) {
    const shown = await Promise.all((card.images ?? []).map(decide));
    out.set(
      card.id,
      shown.filter((url): url is string => url !== null),
    );
  }
  return out;
}

async function genresByGame(deps: Pick<AppDeps, 'db'>, cards: CardRow[]) {
  const names = [...new Set(cards.map((c) => c.game).filter(Boolean))];
  return new Map(
    (await gamesRepo.listByNameChunked(deps.db, names)).map((g) => [g.name, { genre: g.genre, subgenre: g.subgenre }]),
  );
}
