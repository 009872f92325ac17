import { describe, expect, it } from 'vitest';
import { PERSON_COLORS, personColor, personInitials, personName } from '#shared/presence';

describe('presence: a person’s name, initials and color', () => {
  it('names a person by first name, else the email’s local part', () => {
    expect(personName({ id: 1, firstName: ' Anna ', email: 'anna@example.com' })).toBe('Anna');
    expect(personName({ id: 2, firstName: '', email: 'sam.lee@example.com' })).toBe('sam.lee');
    expect(personName({ id: 3, firstName: null, email: null })).toBe('User 3');
  });

  it('takes the first letters of two words, else the first two letters', () => {
    expect(personInitials('Anna Karenina')).toBe('AK');
    expect(personInitials('sam.lee')).toBe('SL');
    expect(personInitials('anna')).toBe('AN');
    expect(personInitials('Юлия')).toBe('ЮЛ');
    expect(personInitials('  ')).toBe('?');
  });

  it('gives each user id one color, the same every time, and neighbours different ones', () => {
    expect(personColor(7)).toBe(personColor(7));
    expect(personColor(7 + PERSON_COLORS.length)).toBe(personColor(7));
    expect(personColor(7)).not.toBe(personColor(8));
    for (const id of [0, 1, 2, 999_999, -3]) expect(PERSON_COLORS).toContain(personColor(id));
  });
});
