import fs from 'node:fs';
import { z } from 'zod';
import { runtimeFile } from '../runtime-files';

/**
 * The catalogue owner's synonym file (assets/search/synonyms.json, see README "Query engine"): shorthand and
 * words designers type ("bp", "lto", "m3", "shooters") with what they mean, in the same target notation as
 * synonyms.ts. Read once when the vocabulary is built; vocabulary.ts checks every target against the taxonomy,
 * so a misspelt target stops the API at start rather than silently matching nothing.
 */
export const SYNONYM_FILE = runtimeFile('assets/search/synonyms.json');

const synonymFile = z.object({
  description: z.string().optional(),
  entries: z.array(
    z.object({ phrases: z.array(z.string().min(1)).min(1), means: z.array(z.string().min(1)).min(1) }).strict(),
  ),
  /**
   * Groups of words that say the same thing in a description ("earnings", "income"): a query's free word also
   * searches the others of its group. For words that name no tag, genre or tier (those go in `entries`).
   */
  words: z.array(z.array(z.string().min(1)).min(2)).optional(),
});

function readFile(file: string): z.infer<typeof synonymFile> {
  const parsed = synonymFile.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

export function readSynonymFile(file = SYNONYM_FILE): [phrases: string[], targets: string[]][] {
  return readFile(file).entries.map((e) => [e.phrases, e.means]);
}

/** The file's groups of same-meaning description words (see `words` above). */
export function readWordSynonyms(file = SYNONYM_FILE): string[][] {
  return readFile(file).words ?? [];
}
