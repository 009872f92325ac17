import fs from 'node:fs';
import { catalogueScreenshots } from './catalogue-fixtures';
import { cardPoint, hoverCard, openBoard, seedBoard, signUp, toast } from './board-fixtures';
import { expect, test } from './fixtures';

/** "Small things a demo shows" and "No way to lose work": download, copy, labels, pan, help, empty board. */

const catalogueWebp = () => catalogueScreenshots(1)[0];

test('Download sends a real JPEG named after the title', async ({ page, server }) => {
  const api = await signUp(page, server);
  const image = catalogueWebp();
  const stored = await page.request.get(server.url + image);
  expect((await stored.body()).subarray(8, 12).toString('ascii')).toBe('WEBP');
  const seeded = await seedBoard(api, 'Board', [], [{ title: 'Royal Pass Offer', images: [image] }]);
  await openBoard(page, server);
  const [card] = await api.cards(seeded.boardId);
  const download = page.waitForEvent('download');
  await (await hoverCard(page, card)).getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Royal_Pass_Offer.jpg');
  const bytes = fs.readFileSync((await file.path())!);
  // JPEG: starts with SOI and a marker, ends with EOI.
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
  await expect(toast(page)).toContainText('Image from Royal Pass Offer saved');
});

test('Copy text copies plain text without markdown, and the formatted version as text/html', async ({
  page,
  server,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const api = await signUp(page, server);
  const seeded = await seedBoard(
    api,
    'Board',
    [],
    [
      {
        title: 'Royal Pass',
        description: 'A **season** pass',
        detailedDescription: '## Rewards\\n\\n- **Gold** tier\\n- [Guide](https://example.com/guide)',
      },
    ],
  );
  await openBoard(page, server);
  const [card] = await api.cards(seeded.boardId);
  await (await hoverCard(page, card)).getByRole('button', { name: 'Copy text' }).click();
  await expect(toast(page)).toContainText('Text copied');
  const copied = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    return {
      text: await (await item.getType('text/plain')).text(),
      html: item.types.includes('text/html') ? await (await item.getType('text/html')).text() : null,
    };
  });
  expect(copied.text).toBe('Royal Pass\n\nA season pass\n\nRewards\n\n• Gold tier\n• Guide');
  expect(copied.text).not.toContain('**');
  expect(copied.html).toContain('<strong>Gold</strong>');
  expect(copied.html).toContain('<a href="https://example.com/guide">Guide</a>');
});

test('hover controls each have a tooltip and an aria-label', async ({ page, server }) => {
  const api = await signUp(page, server);
  const seeded = await seedBoard(api, 'Board', [], [{ title: 'Gem Shop' }]);
  await openBoard(page, server);
  const [card] = await api.cards(seeded.boardId);
  const buttons = (await hoverCard(page, card)).getByRole('button');
  expect(await buttons.count()).toBeGreaterThanOrEqual(6);
  for (const b of await buttons.all()) {
    const [label, title] = [await b.getAttribute('aria-label'), await b.getAttribute('title')];
    expect(label?.trim()).toBeTruthy();
    expect(title).toBe(label);
  }
  for (const name of ['Undo', 'Redo', 'Board help'])
    expect(await page.getByRole('button', { name, exact: true }).getAttribute('title')).toBeTruthy();
});

test('a middle-button drag pans the board from over a card, and the toolbar help lists Space and middle-button drag', async ({
  page,
  server,
}) => {
  const api = await signUp(page, server);
  const seeded = await seedBoard(api, 'Board', [], [{ title: 'Anchor' }]);
  await openBoard(page, server);
  const [card] = await api.cards(seeded.boardId);
  const canvas = page.getByTestId('board-canvas');
  const x0 = Number(await canvas.getAttribute('data-offset-x'));
  const p = await cardPoint(page, card);
  await page.mouse.move(p.x, p.y);
  await page.mouse.down({ button: 'middle' });
  await page.mouse.move(p.x + 120, p.y + 40, { steps: 8 });
  await page.mouse.up({ button: 'middle' });
  await expect.poll(async () => Number(await canvas.getAttribute('data-offset-x'))).toBeGreaterThan(x0 + 100);
  expect((await api.cards(seeded.boardId))[0].position).toEqual(card.position);

  await page.getByRole('button', { name: 'Board help' }).click();
  const help = page.getByRole('dialog', { name: 'Board help' });
  await expect(help).toContainText('Space + drag');
  await expect(help).toContainText('middle-button drag');
  await expect(help).toContainText('Low-spec mode');
  await expect(help).toContainText('plain blocks');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
});

test('an empty board shows the one empty-board screen (the landing search), whatever its title', async ({
  page,
  server,
}) => {
  const api = await signUp(page, server);
  await seedBoard(api, 'Research notes', [], []);
  await page.goto(server.url + '/');
  await expect(
    page.getByRole('navigation', { name: 'Boards' }).getByRole('button', { name: 'Research notes', exact: true }),
  ).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('search-landing')).toBeVisible();
  await expect(page.getByText('This board is empty')).toHaveCount(0);
});
