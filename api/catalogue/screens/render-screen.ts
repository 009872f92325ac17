import type { ScreenDescriptor, ScreenTemplate } from '../catalogue-files';
import { makeContext, svgDocument, type ScreenContext } from './chrome';
import { chat, leaderboard, menu, profile, quests, shop } from './templates/lists';
import { dialog, offer, popup, reward, tutorial, type Drawn } from './templates/modals';
import { collection, event, gameplay, levelMap, pass } from './templates/tracks';

/** One drawing function per template of the catalogue contract (notes/catalogue-contract.md). */
const TEMPLATES: Record<ScreenTemplate, (ctx: ScreenContext, s: ScreenDescriptor) => Drawn> = {
  offer,
  shop,
  'level-map': levelMap,
  gameplay,
  dialog,
  leaderboard,
  pass,
  event,
  reward,
  tutorial,
  menu,
  popup,
  quests,
  collection,
  chat,
  profile,
};

export type ScreenGame = { name: string; genre: string; subgenre: string; orientation: string; palette: string[] };

/**
 * The SVG of one screenshot: a phone screen in the game's orientation (portrait 720×1280 for 'vertical' games,
 * landscape 1280×720 otherwise) and palette, depicting the screen the descriptor names. Deterministic.
 */
export function renderScreenSvg(game: ScreenGame, screen: ScreenDescriptor, index: number): string {
  const ctx = makeContext(game, screen, index);
  const drawn = TEMPLATES[screen.template](ctx, screen);
  return svgDocument(ctx, drawn.defs, drawn.body);
}
