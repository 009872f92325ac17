import { z } from 'zod';

export const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const positiveIdParam = z.object({ id: positiveId });

export const point = z.object({ x: z.number().finite(), y: z.number().finite() });
export const size = z.object({
  width: z.number().finite().positive().max(1_000_000),
  height: z.number().finite().positive().max(1_000_000),
});

/** The wire shape of every API error. */
export const apiErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
