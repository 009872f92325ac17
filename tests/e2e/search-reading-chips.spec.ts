import type { WireSection } from './board-fixtures';
import { expect, test } from './fixtures';
import { nextQueryAnswer, openLanding, signUpOnPlan, submitQuery } from './search-fixtures';

/**
 * The search panel shows what the query was read as (chips); taking the scope away runs the query again on the same
 * board, its results replacing the first ones in one change, and Undo brings the previous board back in one step.
 */
test('a scope chip removed: the board runs again without it, and undo brings the previous board back', async ({
  page,
  server,
}) => {
  const api = await signUpOnPlan(page, server, 4);
  await openLanding(page, server);
  await submitQuery(page, 'Starter Pack in Match-3');
  const boardId = (await api.boards())[0].id;
  const titles = async () =>
    (await api.call<WireSection[]>('GET', `/api/sections?boardId=${boardId}`))
      .sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x)
      .map((s) => s.title);

  const chips = page.getByTestId('reading-chips');
  await expect(chips.getByTestId('reading-topic')).toContainText(['Starter Pack']);
  await expect(chips.getByTestId('reading-scope')).toContainText(['Match-3 games']);
  const before = await titles();
  expect(before[0]).toMatch(/Match-3/);

  const answer = nextQueryAnswer(page);
  await chips.getByRole('button', { name: 'Remove scope Match-3' }).click();
  expect((await answer).success).toBe(true);
  await expect(chips.getByTestId('reading-scope')).toHaveCount(0);
  await expect(chips.getByTestId('reading-topic')).toContainText(['Starter Pack']);
  const after = await titles();
  expect(after).not.toEqual(before);
  expect(after.join(' | ')).not.toMatch(/Match-3/);

  // One step back: the first query's sections, the chips as they were.
  await page.getByRole('button', { name: 'Undo', description: 'Undo: Change how the query was read' }).click();
  await expect(chips.getByTestId('reading-scope')).toContainText(['Match-3 games']);
  await expect.poll(titles).toEqual(before);
});
