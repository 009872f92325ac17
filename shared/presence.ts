/**
 * Who is on a team board ("Presence"): each person gets a name, initials and one color, the same on every
 * screen and every visit (the color follows the user id), so an avatar, a flash of the cards they changed and a
 * toast about them all read as the same person.
 */

/** A person as the board's stream and changes name them. */
export type BoardPerson = { userId: number; name: string };

/** The name a person goes by: their first name, else their email's local part (as the sidebar shows it). */
export function personName(user: { firstName?: string | null; email?: string | null; id: number }): string {
  const first = user.firstName?.trim();
  if (first) return first.slice(0, 60);
  const local = user.email?.split('@')[0];
  return local ? local.slice(0, 60) : `User ${user.id}`;
}

/** One or two letters for an avatar: the first letters of the first two words, else the first two letters. */
export function personInitials(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/u)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length > 1 ? [...words[0]][0] + [...words[1]][0] : [...words[0]].slice(0, 2).join('');
  return letters.toLocaleUpperCase();
}

/**
 * Presence colors: saturated enough to flash over a card, dark enough for white initials (WCAG AA on white text),
 * far enough apart that two people next to each other rarely look alike.
 */
export const PERSON_COLORS = [
  '#2563EB',
  '#DC2626',
  '#059669',
  '#9333EA',
  '#D97706',
  '#DB2777',
  '#0891B2',
  '#65A30D',
  '#7C3AED',
  '#EA580C',
] as const;

/** A person's color, the same for the same user id everywhere (consecutive ids get different colors). */
export function personColor(userId: number): string {
  const index = ((Math.trunc(userId) % PERSON_COLORS.length) + PERSON_COLORS.length) % PERSON_COLORS.length;
  return PERSON_COLORS[index];
}
