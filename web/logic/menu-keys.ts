/**
 * The item a key moves to in an open menu of `count` items with `current` focused (WAI-ARIA menu pattern): the
 * arrows step and wrap, Home and End jump to the ends, a printable character moves to the next item starting
 * with it. Null: the key is not the menu's.
 * @example nextMenuIndex('ArrowUp', 0, 4, []) // → 3
 */
export function nextMenuIndex(key: string, current: number, count: number, labels: readonly string[]): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
  }
  if (key.length !== 1 || key === ' ') return null;
  const letter = key.toLocaleLowerCase();
  for (let step = 1; step <= count; step++) {
    const i = (current + step) % count;
    if (labels[i]?.trim().toLocaleLowerCase().startsWith(letter)) return i;
  }
  return null;
}
