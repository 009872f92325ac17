import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '#shared/messages/catalogues/index';
import { translatorFor } from '#shared/messages/translator';

type Tree = { [key: string]: string | Tree };

/** Every leaf as 'namespace:path.to.key' → text. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}${prefix.includes(':') ? '.' : ':'}${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** A plural key's base ('cardCount_few' → 'cardCount'): languages have different sets of plural forms. */
const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

/** The spec's Russian strings (board-workspace §2, §4, §5, §8, §10), copied word for word. */
const SPEC_RUSSIAN = [
  'Добавить в секцию',
  'Без секции',
  'Нет доступных секций',
  'Загрузка...',
  'Переместить карточку',
  'Выберите карточку и место назначения',
  'Переместить в секцию',
  'Переместить на доску',
  'Отмена',
  'Переместить',
  'Перемещение...',
  'Карточка перемещена',
  'Пожалуйста, выберите карточку',
  'Пожалуйста, выберите секцию назначения',
  'Пожалуйста, выберите доску назначения',
  'Выбранная карточка не найдена',
  'Выбранная секция не найдена',
  'Выбранная доска не найдена',
  'Информация',
  'Карточка уже находится в выбранной секции',
  'Карточка уже находится на выбранной доске',
  'Ошибка',
  'Не удалось переместить карточку',
];

const en = leaves(CATALOGUES.en as unknown as Tree);
const ru = leaves(CATALOGUES.ru as unknown as Tree);

describe('the interface catalogues', () => {
  it('have the same keys in English and Russian (plural forms per language)', () => {
    const bases = (m: Map<string, string>) => [...new Set([...m.keys()].map(pluralBase))].sort();
    expect(bases(ru)).toEqual(bases(en));
    // Every plural has its "other" form in both, the form i18next falls back to.
    for (const key of [...en.keys(), ...ru.keys()].filter((k) => k !== pluralBase(k))) {
      expect(en.has(`${pluralBase(key)}_other`), key).toBe(true);
      expect(ru.has(`${pluralBase(key)}_other`), key).toBe(true);
    }
  });

  it('use the same interpolation variables for the same key', () => {
    const varsByBase = (m: Map<string, string>) => {
      const out = new Map<string, Set<string>>();
      for (const [key, text] of m) {
        const set = out.get(pluralBase(key)) ?? new Set<string>();
        for (const v of variables(text)) set.add(v);
        out.set(pluralBase(key), set);
      }
      return out;
    };
    const enVars = varsByBase(en);
    const ruVars = varsByBase(ru);
    for (const [base, vars] of enVars) expect([...(ruVars.get(base) ?? [])].sort(), base).toEqual([...vars].sort());
  });

  it('hold every Russian string of the spec word for word in the Russian locale', () => {
    const specStrings = SPEC_RUSSIAN;
    const russianTexts = new Set(ru.values());
    for (const text of specStrings) expect(russianTexts.has(text), text).toBe(true);
  });

  it('leave no Cyrillic in the English locale', () => {
    for (const [key, text] of en) expect(/[А-Яа-яЁё]/.test(text), key).toBe(false);
  });

  it('translate with plurals per language through the shared translator', () => {
    const ruDoc = translatorFor('ru', 'exportDoc');
    expect(ruDoc('cardCount', { count: 1 })).toBe('1 карточка');
    expect(ruDoc('cardCount', { count: 3 })).toBe('3 карточки');
    expect(ruDoc('cardCount', { count: 5 })).toBe('5 карточек');
    expect(translatorFor('en', 'exportDoc')('cardCount', { count: 5 })).toBe('5 cards');
    expect(ruDoc('noSection')).toBe('Без секции');
  });
});
