import { describe, expect, it } from 'vitest';
import { localeFromLanguages } from '#shared/locale';

describe('localeFromLanguages (follow the browser)', () => {
  it('is Russian for any ru* tag, English otherwise', () => {
    expect(localeFromLanguages(['ru-RU', 'en-US'])).toBe('ru');
    expect(localeFromLanguages(['ru'])).toBe('ru');
    expect(localeFromLanguages(['RU_ru'])).toBe('ru');
    expect(localeFromLanguages(['en-GB', 'ru-RU'])).toBe('en');
    expect(localeFromLanguages(['de-DE', 'fr'])).toBe('en');
    expect(localeFromLanguages([])).toBe('en');
  });

  it('takes the first language it speaks, in the browser order', () => {
    expect(localeFromLanguages(['de-DE', 'ru', 'en'])).toBe('ru');
    expect(localeFromLanguages(['rus', 'en'])).toBe('en');
  });
});
