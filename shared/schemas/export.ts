import type { ErrorKey } from '../messages/errors';
import { z } from 'zod';
import { positiveId } from './common';

/** Most card ids a selection export names in its URL (a GET request line stays well under Node's 16 KB header cap). */
export const EXPORT_MAX_CARD_IDS = 1000;

export const EXPORT_FORMATS = ['pdf', 'md'] as const;
export const EXPORT_PAPERS = ['a4', 'letter'] as const;
export const EXPORT_ORIENTATIONS = ['portrait', 'landscape'] as const;
export const EXPORT_PER_PAGE = [2, 4] as const;

const cardIdList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'a comma-separated list of card ids')
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .pipe(z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(EXPORT_MAX_CARD_IDS));

/**
 * GET /api/boards/:id/export: the whole board, one section (`sectionId`) or a selection (`cardIds`,
 * comma-separated) as a PDF reference pack or a Markdown brief zip. Paper options apply to the PDF only.
 */
export const exportQuery = z
  .object({
    format: z.enum(EXPORT_FORMATS),
    sectionId: positiveId.optional(),
    cardIds: cardIdList.optional(),
    paper: z.enum(EXPORT_PAPERS).default('a4'),
    orientation: z.enum(EXPORT_ORIENTATIONS).default('portrait'),
    perPage: z.coerce
      .number()
      .int()
      .refine(
        (n): n is (typeof EXPORT_PER_PAGE)[number] => (EXPORT_PER_PAGE as readonly number[]).includes(n),
        '2 or 4',
      )
      .default(4),
  })
  .refine((q) => !(q.sectionId !== undefined && q.cardIds !== undefined), {
    message: 'validation.sectionOrCards' satisfies ErrorKey,
    path: ['cardIds'],
  });
export type ExportQuery = z.infer<typeof exportQuery>;
export type ExportFormat = ExportQuery['format'];
export type ExportPaper = ExportQuery['paper'];
export type ExportOrientation = ExportQuery['orientation'];
