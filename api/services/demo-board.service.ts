import { withTransaction } from '../db/transaction';
import { SECTION_PALETTE } from '#shared/constants';
import { layoutBoard, type LayoutCardInput } from '#shared/layout';
import { boardWriterRepo } from '../db/repositories/board-writer.repo';
import { demoBoardRepo, type CatalogueFeatureRow } from '../db/repositories/demo-board.repo';
import type { AppDeps } from '../deps';
import { AppError, badRequest, say } from '../errors';
import { cardRowFromFeature, encodedFeatureFields } from '../search/place-results';
import { slugify } from './boards.service';
import { decideNewSectionLocks } from './section-lock.service';

export const DEMO_BOARD_MAX_CARDS = 200_000;
export const DEMO_BOARD_MAX_SECTIONS = 500;

export type DemoBoardOptions = {
  userId: number;
  cards: number;
  sections: number;
  title?: string;
  /** Called with (done, total) every few thousand cards, for a progress bar. */
  onProgress?: (done: number, total: number) => void;
};

/**
 * A board of N catalogue cards in S sections, laid out by the shared auto-layout, written in one transaction
 * (issue: demos and stress tests with thousands of cards). Sections are themed by the catalogue's tags, so a
 * large board still reads like a real reference board rather than noise.
 */
export async function createDemoBoard(
  deps: AppDeps,
  options: DemoBoardOptions,
): Promise<{ boardId: number; cards: number; sections: number }> {
  const { cards: cardCount, sections: sectionCount } = options;
  if (!Number.isInteger(cardCount) || cardCount < 1 || cardCount > DEMO_BOARD_MAX_CARDS) {
    throw badRequest(say('board.demoCards', { max: DEMO_BOARD_MAX_CARDS }), {
      field: 'cards',
    });
  }
  if (!Number.isInteger(sectionCount) || sectionCount < 0 || sectionCount > DEMO_BOARD_MAX_SECTIONS) {
    throw badRequest(say('board.demoSections', { max: DEMO_BOARD_MAX_SECTIONS }), {
      field: 'sections',
    });
  }
  const features = await demoBoardRepo.catalogueFeatures(deps.db);
  if (features.length === 0) throw new AppError('catalogue_empty', 409, say('catalogue.emptySeed'));

  const groups = themeGroups(features, sectionCount);
  const sectionTitles = groups.map((g) => g.title);
  // Card i goes to section i mod S and takes that section's next feature, cycling through the catalogue.
  const assignment: { sectionIndex: number; feature: CatalogueFeatureRow }[] = new Array(cardCount);
  const cursor = new Array(groups.length).fill(0);
  for (let i = 0; i < cardCount; i += 1) {
    if (groups.length === 0) {
      assignment[i] = { sectionIndex: -1, feature: features[i % features.length] };
      continue;
    }
    const sectionIndex = i % groups.length;
    const pool = groups[sectionIndex].features;
    assignment[i] = { sectionIndex, feature: pool[cursor[sectionIndex]++ % pool.length] };
  }

  // Layout by index (ids are not known yet): sections are 1..S, cards 1..N in the same order as inserted.
  const layout = layoutBoard({
    sections: sectionTitles.map((_, i) => ({ id: i + 1 })),
    cards: assignment.map((a, i): LayoutCardInput => ({
      id: i + 1,
      sectionId: a.sectionIndex >= 0 ? a.sectionIndex + 1 : null,
      orientation: a.feature.orientation === 'vertical' ? 'vertical' : 'horizontal',
    })),
  });

  const now = deps.clock.now().getTime();
  const title = options.title ?? `Demo board · ${cardCount.toLocaleString('en-US')} cards`;
  const slug = slugify(title);
  // A 200,000-card board repeats the catalogue's ~900 features: encode each one's JSON fields once.
  const encodedByFeature = new Map<number, ReturnType<typeof encodedFeatureFields>>();

  const boardId = await withTransaction(deps.db, async (tx) => {
    const id = await boardWriterRepo.insertBoard(tx, options.userId, title, slug, now, { laidOut: true });
    const sectionIds = await boardWriterRepo.insertSections(
      tx,
      id,
      layout.sections.map((s, i) => ({
        title: sectionTitles[i],
        color: SECTION_PALETTE[i % SECTION_PALETTE.length],
        ...s.position,
        ...s.size,
      })),
      now,
    );
    await decideNewSectionLocks(tx, id);
    const inserter = boardWriterRepo.cardInserter(tx, id, now);
    const progressStep = Math.max(1000, Math.floor(cardCount / 100));
    for (let i = 0; i < cardCount; i += 1) {
      const { sectionIndex, feature } = assignment[i];
      const position = layout.cards[i].position;
      let encoded = encodedByFeature.get(feature.id);
      if (encoded === undefined) {
        encoded = encodedFeatureFields(feature);
        encodedByFeature.set(feature.id, encoded);
      }
      inserter.add(cardRowFromFeature(feature, sectionIndex >= 0 ? sectionIds[sectionIndex] : null, position, encoded));
      if ((i + 1) % progressStep === 0 || i + 1 === cardCount) options.onProgress?.(i + 1, cardCount);
    }
    await inserter.flush();
    return id;
  });
  return { boardId, cards: cardCount, sections: sectionTitles.length };
}

type ThemeGroup = { title: string; features: CatalogueFeatureRow[] };

/** S section themes: the catalogue's tag pairs, biggest first, numbered when S exceeds the distinct themes. */
function themeGroups(features: CatalogueFeatureRow[], count: number): ThemeGroup[] {
  if (count === 0) return [];
  const byTheme = new Map<string, CatalogueFeatureRow[]>();
  for (const f of features) {
    const theme = f.secondaryTag && f.secondaryTag !== 'Other' ? `${f.primaryTag} · ${f.secondaryTag}` : f.primaryTag;
    const list = byTheme.get(theme) ?? [];
    list.push(f);
    byTheme.set(theme, list);
  }
  const themes = [...byTheme.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  return Array.from({ length: count }, (_, i) => {
    const [theme, pool] = themes[i % themes.length];
    const round = Math.floor(i / themes.length);
    return { title: round === 0 ? theme : `${theme} ${round + 1}`, features: pool };
  });
}
