/**
 * The shape another language's catalogue must have, given the English one: the same keys with string values, and
 * for each plural (a key ending in `_other`), the extra forms Russian needs (`_few`, `_many`; CLDR plural rules).
 * The compiler checks each Russian namespace against it; tests/unit/shared/catalogues.test.ts checks the rest
 * (interpolation variables, the spec's Russian strings).
 */
type PluralBase<K> = K extends `${infer Base}_other` ? Base : never;

export type RussianCatalogue<T> = {
  [K in keyof T]: T[K] extends string ? string : RussianCatalogue<T[K]>;
} & {
  [K in PluralBase<keyof T> as `${K}_few` | `${K}_many`]: string;
};
