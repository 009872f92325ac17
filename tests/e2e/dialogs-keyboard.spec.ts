import { signUpAs } from './account-fixtures';
import { cardPoint, hoverCard, openBoard, seedBoard, signUp, worldPoint, type WireSection } from './board-fixtures';
import { test } from './fixtures';
import { expectKeyboardDialog } from './keyboard-fixtures';

/**
 * Every dialog keeps Tab inside, closes on Escape and gives focus back to what opened it. They
 * share one primitive (web/components/ui/Dialog.tsx); each is checked here from where a user opens it.
 */
test.describe('dialogs and the keyboard', () => {
  test('board screen: share, export, feedback, move, section rename and the viewer', async ({ page, server }) => {
    // Six dialogs, each tabbed through both ways: slow on a loaded machine.
    test.setTimeout(120_000);
    const api = await signUp(page, server);
    const seeded = await seedBoard(
      api,
      'Keys',
      ['Shops'],
      [{ title: 'Gem Shop', section: 'Shops', images: ['/api/storage/a.webp'] }],
    );
    await openBoard(page, server);
    const toolbar = page.getByRole('toolbar', { name: 'Board controls' });

    const share = toolbar.getByRole('button', { name: 'Share Board' });
    await share.focus();
    await page.keyboard.press('Enter');
    await expectKeyboardDialog(page, page.getByRole('dialog', { name: 'Share board' }), share);

    const exportButton = toolbar.getByRole('button', { name: 'Export' });
    await exportButton.focus();
    await page.keyboard.press('Enter');
    await expectKeyboardDialog(page, page.getByRole('dialog', { name: 'Export' }), exportButton);

    const feedback = page.getByTestId('sidebar').getByRole('button', { name: 'Feedback' });
    await feedback.focus();
    await page.keyboard.press('Enter');
    await expectKeyboardDialog(page, page.getByRole('dialog', { name: 'Send Feedback' }), feedback);

    const card = (await api.cards(seeded.boardId))[0];
    await (await hoverCard(page, card)).getByRole('button', { name: 'Move' }).click();
    await expectKeyboardDialog(page, page.getByRole('dialog', { name: 'Move card' }));

    const [section] = await api.call<WireSection[]>('GET', `/api/sections?boardId=${seeded.boardId}`);
    const title = await worldPoint(page, { x: section.position.x + 200, y: section.position.y + 20 });
    await page.mouse.click(title.x, title.y);
    await expectKeyboardDialog(page, page.getByRole('dialog', { name: 'Enter new section title' }));

    const image = await cardPoint(page, card, 170, 80);
    await page.mouse.click(image.x, image.y);
    await expectKeyboardDialog(page, page.getByRole('dialog', { name: 'Gem Shop' }));
  });

  test('feature search: add to board and the lightbox', async ({ page, server }) => {
    const { api } = await signUpAs(page, server, { planId: 2 });
    await api.call('POST', '/api/boards', { title: 'Research' });
    await page.goto(server.url + '/feature-search?genres=Casino');
    const card = page.getByTestId('feature-card').first();
    const title = (await card.locator('.fs-feature-title').textContent())!;

    const add = card.getByRole('button', { name: `Add to board: ${title}` });
    await add.focus();
    await page.keyboard.press('Enter');
    await expectKeyboardDialog(page, page.getByRole('dialog', { name: 'Add to board' }), add);

    await card.locator('.fs-carousel-image').click();
    await expectKeyboardDialog(page, page.getByRole('dialog', { name: title }));
  });

  test('collections and billing: the Premium Collection upsell and Cancel plan', async ({ page, server }) => {
    await signUpAs(page, server);
    await page.goto(server.url + '/collections');
    const pro = page
      .getByTestId('collection-tile')
      .filter({ has: page.getByRole('img', { name: 'Pro collection' }) })
      .first();
    await pro.focus();
    await page.keyboard.press('Enter');
    await expectKeyboardDialog(page, page.getByRole('dialog', { name: 'Premium Collection' }), pro);

    await page.goto(server.url + '/billing');
    // The plan change asks first: its confirmation is a keyboard dialog too.
    const upgradeButton = page.getByTestId('plan-Pro').getByRole('button', { name: 'Upgrade' });
    await upgradeButton.focus();
    await page.keyboard.press('Enter');
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro?' });
    await expectKeyboardDialog(page, upgrade, upgradeButton);
    await upgradeButton.click();
    await upgrade.getByRole('button', { name: 'Upgrade to Pro' }).click();
    const cancel = page.getByTestId('plan-Pro').getByRole('button', { name: 'Cancel' });
    await cancel.focus();
    await page.keyboard.press('Enter');
    await expectKeyboardDialog(page, page.getByRole('dialog', { name: 'Cancel your Pro plan?' }), cancel);
  });
});
