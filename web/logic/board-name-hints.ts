/**
 * The board list's second line for boards named alike: boards named after their queries often share a title
 * ("Starter Pack in Match-3" twice), and a title alone cannot tell them apart. Each board whose title another board
 * in the same list shares (ignoring case and outer spaces) gets its creation date; when two such boards were made on
 * the same day the time is added (to the second, or the millisecond, if need be), so the line differs wherever the title does not.
 *
 * @example
 * boardNameHints([{ id: 1, title: 'A', createdAt: '2026-12-01T10:00:00Z' }, { id: 2, title: 'a', createdAt: '2026-12-02T10:00:00Z' }], 'en')
 * // Map { 1 => 'Dec 1, 2026', 2 => 'Dec 2, 2026' }
 */
export type NamedBoard = { id: number; title: string; createdAt: string };

export function boardNameHints(boards: NamedBoard[], locale: string): Map<number, string> {
  const groups = new Map<string, NamedBoard[]>();
  for (const board of boards) {
    const key = board.title.trim().toLocaleLowerCase(locale);
    groups.set(key, [...(groups.get(key) ?? []), board]);
  }
  // The coarsest format that tells the group apart: the day, else with the minute, the second, the millisecond.
  const formats = [
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }),
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }),
    // Boards made within one second (a script, a double click) still differ by their milliseconds.
    new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      fractionalSecondDigits: 3,
    }),
  ];
  const hints = new Map<number, string>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    let lines: string[] = [];
    for (const format of formats) {
      lines = group.map((b) => format.format(createdDate(b)));
      if (new Set(lines).size === lines.length) break;
    }
    group.forEach((board, i) => hints.set(board.id, lines[i]!));
  }
  return hints;
}

/** The API sends ISO strings in UTC; one without a zone is read as UTC too, never as the browser's local time. */
function createdDate(board: NamedBoard): Date {
  const raw = board.createdAt;
  const zoned = /[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw.replace(' ', 'T')}Z`;
  return new Date(zoned);
}
