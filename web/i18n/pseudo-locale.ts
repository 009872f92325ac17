import type { Resource, ResourceLanguage } from 'i18next';

/**
 * The pseudo-locale: English with every catalogue string wrapped in ⟦…⟧ and its letters accented ('Save' →
 * '⟦Šáṽé⟧'), built from the English catalogue when asked for. A screen read in it shows at once what does not
 * come from the catalogues (plain letters outside the brackets), and the brackets show where a string is cut or
 * glued to another. {{interpolations}}, $t(nesting) and <0>tags</0> stay as they are, and the keys (plural forms
 * included) are the English ones.
 *
 * It is switched on by one localStorage entry (PSEUDO_LOCALE_KEY) that nothing in the interface sets: a test (or a
 * developer, from the console) sets it before the page loads. Not a language in the menu, not a URL parameter a
 * shared link could carry: a designer never meets it. It ships in the production bundle because the end-to-end
 * tests run that build; it costs one small function.
 */
export const PSEUDO_LOCALE = 'en-XA';
export const PSEUDO_LOCALE_KEY = 'loot.pseudoLocale';

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTS = Array.from('áƀçďéƒğĥíĵķľɱñóṗʠŕšťúṽŵẋýžÁƁÇĎÉƑĞĤÍĴĶĽṀÑÓṖǪŔŠŤÚṼŴẊÝŽ');
const accent = (letter: string) => ACCENTS[PLAIN.indexOf(letter)];

/** What must pass through untouched: an interpolation, a nested key, a Trans tag. */
const KEEP = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\d+\s*\/?>)/;

/** @example pseudoString('Leave {{title}}') // '⟦Ľéáṽé {{title}}⟧' */
export function pseudoString(text: string): string {
  if (text === '') return text;
  const parts = text.split(KEEP).map((part, i) => (i % 2 === 1 ? part : part.replace(/[A-Za-z]/g, accent)));
  return `⟦${parts.join('')}⟧`;
}

function pseudoTree(tree: unknown): unknown {
  if (typeof tree === 'string') return pseudoString(tree);
  if (tree && typeof tree === 'object')
    return Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, pseudoTree(value)]));
  return tree;
}

/** The pseudo-locale's resources from the English ones. */
export function pseudoResources(english: ResourceLanguage): Resource {
  return { [PSEUDO_LOCALE]: pseudoTree(english) as ResourceLanguage };
}

/** Whether this page was asked for the pseudo-locale (see above). */
export function pseudoLocaleOn(): boolean {
  try {
    return globalThis.localStorage?.getItem(PSEUDO_LOCALE_KEY) === 'on';
  } catch {
    return false;
  }
}
