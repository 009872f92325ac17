import { z } from 'zod';

/** Share codes are base64url, at least 128 bits (22 characters); anything else cannot be a code. */
export const shareCodeParam = z.object({
  code: z
    .string()
    .min(16)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/, 'invalid share code'),
});

/** GET /api/share/:code answer: the board the recipient should open (their copy). */
export const shareResult = z.object({ boardId: z.number().int().positive(), copied: z.boolean() });
export type ShareResult = z.infer<typeof shareResult>;
