import { z } from 'zod';
import { CARD_LIMITS, cardTag, sectionRef } from './card';
import { multiLineText, titleText } from './common';

/** Where a new own card goes: a board point, and optionally the section under it (0/null/absent = none). */
const placement = {
  x: z.number().finite().optional(),
  y: z.number().finite().optional(),
  sectionId: sectionRef.optional(),
};

/** POST /api/boards/:id/image-links */
export const imageLinkBody = z.object({ url: z.string().trim().min(1).max(CARD_LIMITS.url), ...placement });
export type ImageLinkBody = z.infer<typeof imageLinkBody>;

/**
 * The optional text fields of POST /api/boards/:id/images (multipart): numbers arrive as strings. An empty value
 * is the same as absent.
 */
const formNumber = z
  .string()
  .trim()
  .regex(/^-?\d+(\.\d+)?$/)
  .transform(Number)
  .pipe(z.number().finite());
export const imageUploadFields = z.object({
  x: formNumber.optional(),
  y: formNumber.optional(),
  sectionId: z
    .string()
    .trim()
    .regex(/^\d{1,15}$/)
    .transform((v) => Number(v) || null)
    .optional(),
});
export type Placement = { x?: number; y?: number; sectionId?: number | null };

const httpLink = z
  .string()
  .trim()
  .max(CARD_LIMITS.url)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'must be an http or https link');

/** PATCH /api/cards/:id/details: the fields a user edits on their own card (at least one). */
export const ownCardDetailsBody = z
  .object({
    title: titleText(CARD_LIMITS.title).pipe(z.string().min(1, 'must not be blank')),
    detailedDescription: multiLineText(CARD_LIMITS.detailedDescription),
    game: titleText(CARD_LIMITS.game),
    gameLink: httpLink,
    tags: z.array(cardTag).max(CARD_LIMITS.tags),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'nothing to change');
export type OwnCardDetailsBody = z.infer<typeof ownCardDetailsBody>;

/** GET /api/user/storage: bytes of own images kept, and the plan's limit (-1 unlimited). */
export const storageUsage = z.object({ usedBytes: z.number().int().min(0), limitBytes: z.number().int() });
export type StorageUsage = z.infer<typeof storageUsage>;
