import { DEFAULT_LOCALE, type Locale } from '../locale';
import { errors } from './catalogues/en/errors';
import { translatorFor } from './translator';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type WithoutPlural<K> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;

/** A text of the `errors` catalogue namespace: 'auth.invalidCredentials', 'team.memberLimit' (a plural). */
export type ErrorKey = WithoutPlural<Leaves<typeof errors>>;
export type ErrorValues = Record<string, string | number>;

/**
 * What the API says, before it is said in anyone's language: a key of the `errors` namespace and its values. The
 * API's errors carry one (api/errors.ts) and app.onError words it for the user who asked.
 */
export type Said = { key: ErrorKey; values?: ErrorValues };

/** @example say('team.memberLimit', { count: 3 }) */
export const say = (key: ErrorKey, values?: ErrorValues): Said => (values ? { key, values } : { key });

/**
 * A said text in one language (English for any key missing there).
 *
 * @example sayIn('ru', say('notFound.board')) // 'Доска не найдена'
 */
export function sayIn(locale: Locale, said: Said): string {
  const t = translatorFor(locale, 'errors') as unknown as (key: string, values?: ErrorValues) => string;
  return t(said.key, said.values);
}

/** In English: what logs and the API's English answers read. */
export const inEnglish = (said: Said): string => sayIn(DEFAULT_LOCALE, said);

const KEYS = new Set<string>();
(function collect(tree: object, prefix: string) {
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === 'string') KEYS.add(`${prefix}${name.replace(/_(one|other)$/, '')}`);
    else collect(value as object, `${prefix}${name}.`);
  }
})(errors, '');

/** Whether a string is a key of the `errors` namespace (a schema's refinement names its message by key). */
export const isErrorKey = (text: string): text is ErrorKey => KEYS.has(text);
