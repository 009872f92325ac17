import { describe, expect, it } from 'vitest';
import { resolveAlias } from '../../../web/logic/card-id-aliases';

describe('card id aliases', () => {
  it('follows old → new ids transitively, and leaves unknown ids alone', () => {
    const aliases = { 5: 9, 9: 14 };
    expect(resolveAlias(aliases, 5)).toBe(14);
    expect(resolveAlias(aliases, 9)).toBe(14);
    expect(resolveAlias(aliases, 14)).toBe(14);
    expect(resolveAlias(aliases, 3)).toBe(3);
  });

  it('stops on a cycle instead of hanging the undo', () => {
    const id = resolveAlias({ 1: 2, 2: 1 }, 1);
    expect([1, 2]).toContain(id);
  });
});
