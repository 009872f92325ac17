import { CARD_HEIGHT_HORIZONTAL, CARD_HEIGHT_VERTICAL, LAYOUT_GAP, SECTION_PADDING } from '#shared/constants';
import { layoutBoard, SECTION_TITLE_HEIGHT } from '#shared/layout';
import { DEFAULT_LOCALE, type Locale } from '#shared/locale';
import { queryEngineMessages, type QueryEngineMessages } from '#shared/messages/query-engine';
import type { MoreLikeSectionResponse } from '#shared/schemas/search';
import { FEATURE_TAXONOMY, GENRES, type FeatureCategory } from '#shared/taxonomy';
import { boardsRepo } from '../db/repositories/boards.repo';
import { sectionsRepo } from '../db/repositories/sections.repo';
import type { Db } from '../db/client';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { lockedSectionsOfBoard, type Viewer } from '../services/section-lock.service';
import { consumeSearch } from '../services/usage.service';
import { writeBoard } from '../services/board-ops/board-write';
import { addCards, setSectionBox } from '../services/board-ops/bulk-adds';
import { loadGameIndex, offlinePlan } from './engine';
import { morePicks, type ResultCard } from './pipeline';
import type { GameIndex } from './game-names';
import type { SearchPlan } from './plan';
import { tagKey } from './relations';
import { searchRepo } from '../db/repositories/search.repo';
import { assertUnderLimit } from './search.service';
import { cardRowFromFeature } from './place-results';
import type { GenreRef, TagRef } from './vocabulary';
import { requireBoardRole } from '../services/board-ops/board-access';

/**
 * "More like this section": the section's query run again — its title read as a query, plus its
 * cards' tags and the genres of their games — adding up to 10 new cards to that section, never a feature the
 * board already holds. Counted as a search against the monthly limit, in one transaction with the cards and the
 * query row (the same rule as POST /api/gemini/process); a run that finds nothing writes and counts nothing. The
 * answer, and the query as the history records it, are in `locale`, the user's language.
 */
export const MORE_LIKE_SECTION_LIMIT = 10;
const MAX_SECTION_TAGS = 5;

export async function moreLikeSection(
  deps: Pick<AppDeps, 'db' | 'clock' | 'eventHub'>,
  user: Viewer,
  sectionId: number,
  locale: Locale = DEFAULT_LOCALE,
): Promise<MoreLikeSectionResponse> {
  const section = await sectionsRepo.getReachable(deps.db, user.id, sectionId);
  if (!section) throw notFound('section');
  const { owner } = await requireBoardRole(deps.db, user, section.boardId, 'editor');
  // A section the free plan locks is shown as a placeholder only: nothing may be added to it or read from it.
  if ((await lockedSectionsOfBoard(deps.db, owner, section.boardId)).has(section.id)) throw notFound('section');
  await assertUnderLimit(deps, user.id);
  const games = await loadGameIndex(deps.db);
  const sectionCards = await searchRepo.sectionCards(deps.db, section.id);
  const plan = await sectionPlan(deps.db, section.title, sectionCards, games);
  const exclude = new Set(await searchRepo.boardFeatureIds(deps.db, section.boardId));
  const cards = await morePicks(deps.db, plan, games, exclude, MORE_LIKE_SECTION_LIMIT);
  const messages = queryEngineMessages(locale);
  const text = messages.moreLikeQuery(section.title);
  const provider = 'offline (more like section)';
  if (cards.length === 0) {
    const queryId = await searchRepo.insertQuery(deps.db, {
      userId: user.id,
      boardId: section.boardId,
      text,
      provider,
      resultCount: 0,
      createdAt: deps.clock.now().getTime(),
    });
    return { success: false, message: messages.noMoreLikeSection, queryId, cardIds: [] };
  }
  return await writeIntoSection(deps, user, { section, cards, text, provider, messages });
}

/** The section's title as a query, widened by what its cards are: their tags (most common first) and genres. */
export async function sectionPlan(
  db: Db,
  title: string,
  cards: { tags: string; game: string }[],
  games: GameIndex,
): Promise<SearchPlan> {
  const plan = await offlinePlan(db, title, games);
  const tagCounts = new Map<string, { tag: TagRef; count: number }>();
  const genres: GenreRef[] = [...plan.genres];
  for (const card of cards) {
    const [primary, secondary] = JSON.parse(card.tags || '[]') as string[];
    if (primary && primary in FEATURE_TAXONOMY) {
      const known = (FEATURE_TAXONOMY[primary as FeatureCategory] as readonly string[]).includes(secondary ?? '');
      const tag: TagRef = {
        primary: primary as FeatureCategory,
        secondary: known && secondary !== 'Other' ? secondary : null,
      };
      const entry = tagCounts.get(tagKey(tag)) ?? { tag, count: 0 };
      entry.count++;
      tagCounts.set(tagKey(tag), entry);
    }
    const game = games.byName.get(card.game);
    if (game && game.genre in GENRES && !genres.some((g) => g.subgenre === game.subgenre)) {
      genres.push({ genre: game.genre as GenreRef['genre'], subgenre: game.subgenre });
    }
  }
  const cardTags = [...tagCounts.values()].sort((a, b) => b.count - a.count).map((e) => e.tag);
  const tags = [...plan.tags, ...cardTags.filter((t) => !plan.tags.some((p) => tagKey(p) === tagKey(t)))].slice(
    0,
    MAX_SECTION_TAGS,
  );
  // The cards' genres only prefer; a genre the title names stays a constraint.
  return { ...plan, tags, genres, softGenres: plan.genres.length === 0 };
}

type Write = {
  section: { id: number; boardId: number; x: number; y: number; width: number; height: number };
  cards: ResultCard[];
  text: string;
  provider: string;
  messages: QueryEngineMessages;
};

/**
 * New cards in rows under the section's lowest card; the section grows to hold them. One board write (board-ops):
 * the search counted first (the user's row, ADR 0008's order), then the section's row locked while its box and its
 * lowest card are read and written from below.
 */
async function writeIntoSection(
  deps: Pick<AppDeps, 'db' | 'clock' | 'eventHub'>,
  user: Viewer,
  input: Write,
): Promise<MoreLikeSectionResponse> {
  const layout = layoutBoard({
    sections: [{ id: 1 }],
    cards: input.cards.map((c, i) => ({
      id: i + 1,
      sectionId: 1,
      orientation: c.orientation === 'vertical' ? ('vertical' as const) : ('horizontal' as const),
    })),
  });
  const laid = layout.sections[0];
  const write = await writeBoard(
    deps,
    user,
    input.section.boardId,
    async (w) => {
      const section = await sectionsRepo.lockOwned(w.tx, w.owner.id, input.section.id);
      if (!section || section.boardId !== w.board.id) throw notFound('section');
      await boardsRepo.updateOwned(w.tx, w.owner.id, section.boardId, { updatedAt: w.now });
      const existing = await searchRepo.sectionCards(w.tx, section.id);
      const lowest = existing.reduce(
        (bottom, c) =>
          Math.max(bottom, c.y + (c.orientation === 'vertical' ? CARD_HEIGHT_VERTICAL : CARD_HEIGHT_HORIZONTAL)),
        section.y + SECTION_TITLE_HEIGHT + SECTION_PADDING - LAYOUT_GAP,
      );
      // The block's own offsets inside a fresh section, moved to start one gap under the lowest card.
      const dx = section.x - laid.position.x;
      const dy = lowest + LAYOUT_GAP - (laid.position.y + SECTION_TITLE_HEIGHT + SECTION_PADDING);
      const inserter = addCards(w);
      input.cards.forEach((c, i) => {
        const position = layout.cards[i].position;
        inserter.add(cardRowFromFeature(c, section.id, { x: position.x + dx, y: position.y + dy }));
      });
      const cardIds = await inserter.flush();
      const height = Math.max(section.height, laid.position.y + laid.size.height + dy - section.y);
      const width = Math.max(section.width, laid.size.width);
      await setSectionBox(w, section.id, { x: section.x, y: section.y, width, height });
      const queryId = await searchRepo.insertQuery(w.tx, {
        userId: user.id,
        boardId: section.boardId,
        text: input.text,
        provider: input.provider,
        resultCount: cardIds.length,
        createdAt: w.now.getTime(),
      });
      return {
        success: true,
        message: input.messages.addedToSection(cardIds.length, section.title),
        queryId,
        cardIds,
      };
    },
    {
      lockFirst: (tx) =>
        consumeSearch({ db: tx, clock: deps.clock, eventHub: deps.eventHub }, user.id).then(() => undefined),
    },
  );
  return { ...write.result, change: write.change };
}
