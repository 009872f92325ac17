import { z } from 'zod';

/** PATCH /api/queries/:id/rating (spec: rating is 1 to 5). */
export const ratingBody = z.object({ rating: z.number().int().min(1).max(5) });
export type RatingBody = z.infer<typeof ratingBody>;

/** The answer: the query's id and its saved rating. */
export const ratedQuery = z.object({ id: z.number().int(), rating: z.number().int().min(1).max(5) });
export type RatedQuery = z.infer<typeof ratedQuery>;
