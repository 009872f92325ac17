import { describe, expect, it } from 'vitest';
import { boardRoleIn, canEditBoard, ownsBoard } from '../../../web/data/board-role';

/** The one place the web reads what the user may do on a board. */
describe('board role', () => {
  const boards = [
    { id: 3, role: 'owner' as const },
    { id: 7, role: 'editor' as const },
    { id: 9, role: 'viewer' as const },
  ];

  it('reads the role the board list gives, and takes a board not listed (a new one) as the own', () => {
    expect(boardRoleIn(boards, 9)).toBe('viewer');
    expect(boardRoleIn(boards, 7)).toBe('editor');
    expect(boardRoleIn(boards, 3)).toBe('owner');
    expect(boardRoleIn(boards, -1)).toBe('owner');
    expect(boardRoleIn(undefined, 9)).toBe('owner');
    expect(boardRoleIn(boards, null)).toBe('owner');
  });

  it('lets the owner and an editor change the content, a viewer not; only the owner owns', () => {
    expect([canEditBoard('owner'), canEditBoard('editor'), canEditBoard('viewer')]).toEqual([true, true, false]);
    expect([ownsBoard('owner'), ownsBoard('editor'), ownsBoard('viewer')]).toEqual([true, false, false]);
  });
});
