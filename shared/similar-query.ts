/**
 * The "find similar" query text (spec board-workspace §5), built by the web and read back by the query engine:
 * one module holds both directions, so the two cannot drift apart.
 */

export type SimilarQueryParts = { title: string; genre: string; tags: string; description: string };

/** Spec §5: the query text for a similar search; the subgenre comes from the game info call ('any' without one). */
export function similarQueryText(
  card: { title: string; tags: readonly string[]; description: string },
  subgenre: string | null | undefined,
): string {
  return `Find me features similar to ${card.title} in genre: ${subgenre || 'any'}, possible tags: ${card.tags.join(', ')}. Ideally (but not strictly necessarily) matching this description ${card.description}`;
}

const SIMILAR_QUERY =
  /^\s*find me features similar to\s+([\s\S]*?)\s+in genre:\s*([\s\S]*?),\s*possible tags:\s*([\s\S]*?)\.\s*ideally \(but not strictly necessarily\) matching this description:?\s*([\s\S]*)$/i;

/**
 * The parts of a "find similar" text, or null for any other query. Case is forgiven (a retyped text reads the
 * same); `tags` is the raw list, for the engine to read against the taxonomy.
 *
 * @example readSimilarQuery(similarQueryText({ title: 'Shop', tags: ['Monetization'], description: 'Coins' }, 'Match-3'))
 *   // { title: 'Shop', genre: 'Match-3', tags: 'Monetization', description: 'Coins' }
 */
export function readSimilarQuery(text: string): SimilarQueryParts | null {
  const match = SIMILAR_QUERY.exec(text);
  if (!match) return null;
  const [, title, genre, tags, description] = match;
  return { title: title.trim(), genre: genre.trim(), tags, description: description.trim() };
}
