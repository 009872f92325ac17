import { z } from 'zod';
import { SECTION_TITLE_MAX } from '../constants';
import { bodyId } from './board';
import { point, size, titleText } from './common';

/** Sections on the wire (spec board-workspace §3): position {x,y}, size {width,height}, createdAt as ISO. */
export const section = z.object({
  id: z.number().int(),
  boardId: z.number().int(),
  title: z.string(),
  color: z.string(),
  position: point,
  size,
  createdAt: z.string(),
  /** Free-plan lock (spec accounts §4): drawn as the 'Premium Section' placeholder; its cards are not sent. */
  locked: z.boolean().optional(),
});
export type Section = z.infer<typeof section>;
export const sectionList = z.array(section);

const sectionTitle = titleText(SECTION_TITLE_MAX).pipe(z.string().min(1, 'must not be blank'));
/** A CSS hex color (#rgb, #rrggbb, #rrggbbaa) or a plain color token such as a palette name; never markup. */
export const sectionColor = z
  .string()
  .regex(/^(#[0-9a-fA-F]{3,8}|[a-zA-Z][a-zA-Z0-9-]{0,63})$/, 'must be a hex color or a color name');

/** POST /api/sections (accounts §7: title, color, position, size, createdAt, boardId). */
export const createSectionBody = z.object({
  boardId: bodyId,
  title: sectionTitle,
  color: sectionColor,
  position: point.default({ x: 0, y: 0 }),
  size: size.default({ width: 400, height: 100 }),
  createdAt: z.union([z.iso.datetime({ offset: true }), z.number().int().nonnegative().max(8.64e15)]).optional(),
});
export type CreateSectionBody = z.infer<typeof createSectionBody>;

export const sectionPositionBody = z.object({ position: point });
export const sectionSizeBody = z.object({ size });
export const sectionTitleBody = z.object({ title: sectionTitle });
export const sectionColorBody = z.object({ color: sectionColor });
