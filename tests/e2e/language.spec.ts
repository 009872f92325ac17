import type { Page } from '@playwright/test';
import { openCardMenu, hoverCard, openBoard, seedBoard, signUp, toast, type Api } from './board-fixtures';
import { expect, test, type LootServer } from './fixtures';
import { signUpOnPlan } from './search-fixtures';

/** A board with two sections, opened; its two cards are read after the first auto-layout has placed them. */
async function openBoardWithSections(page: Page, server: LootServer, api: Api) {
  const seeded = await seedBoard(
    api,
    'Board',
    ['Shops', 'Passes'],
    [{ title: 'Gem Shop', section: 'Shops' }, { title: 'Loose' }],
  );
  await openBoard(page, server);
  const cards = await api.cards(seeded.boardId);
  return {
    ...seeded,
    gemShop: cards.find((c) => c.title === 'Gem Shop')!,
    loose: cards.find((c) => c.title === 'Loose')!,
  };
}

async function chooseLanguage(page: Page, name: 'English' | 'Русский') {
  await page.getByTestId('user-name').click();
  const item = page.getByRole('menuitemradio', { name });
  await expect(item).toHaveAttribute('aria-checked', 'false');
  await item.click();
}

/**
 * The English words a region of the page shows or names (text, aria-label, title), leaving out what is not the
 * interface's: user data (board titles, the user's name, the plans' own taglines from the server) and the `skip`
 * elements, which belong to areas whose strings have not moved to the catalogues yet.
 */
async function englishWords(page: Page, selector: string, skip: string[]): Promise<string[]> {
  const texts = await page.locator(selector).evaluate((root, skipped) => {
    const clone = root.cloneNode(true) as HTMLElement;
    const userData = [
      ...clone.querySelectorAll('.board-title, [data-testid="user-name"], .plan-tagline, .plan-head h2'),
    ];
    const names = userData.map((e) => e.textContent ?? '').filter(Boolean);
    for (const e of [...userData, ...clone.querySelectorAll(skipped.join(',') || ':not(*)')]) e.remove();
    const attributes = [clone, ...clone.querySelectorAll('*')].flatMap((e) =>
      ['aria-label', 'title'].map((a) => e.getAttribute(a) ?? ''),
    );
    document.body.append(clone); // innerText needs the clone laid out to read what shows
    const shown = clone.innerText;
    clone.remove();
    return [shown, ...attributes].map((t) => names.reduce((text, name) => text.split(name).join(' '), t));
  }, skip);
  // Names kept in every language: the product, the plans, the payment provider, the export formats (with the
  // file-type acronyms, all capitals).
  const names = new Set(['Loot', 'Free', 'Basic', 'Light', 'Pro', 'Stripe', 'Markdown', 'zip']);
  // The user's email address (the verify-email notice names it) is user data too.
  const shown = texts.join(' ').replace(/\S+@\S+/g, ' ');
  return [...new Set(shown.match(/[A-Za-z]{3,}/g) ?? [])].filter((w) => !names.has(w) && !/^[A-Z]+$/.test(w));
}

/**
 * One language at a time. The spec's Russian strings are the Russian locale, word for word; an
 * English browser gets English; the user menu switches at once and the choice is saved with the account.
 */
test.describe('a Russian browser', () => {
  test.use({ locale: 'ru-RU' });

  test("gets the spec's Russian words in the context menu, the Move dialog and its toasts", async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const board = await openBoardWithSections(page, server, api);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

    await openCardMenu(page, board.gemShop);
    const menu = page.getByRole('menu', { name: 'Добавить в секцию' });
    await expect(menu.getByRole('menuitemradio')).toHaveText(['Без секции', 'Shops', 'Passes']);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);

    await (await hoverCard(page, board.gemShop)).getByRole('button', { name: 'Переместить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Переместить карточку' });
    await expect(dialog).toContainText('Выберите карточку и место назначения');
    await expect(dialog.getByTestId('move-hint')).toHaveCount(0);
    const move = dialog.getByRole('button', { name: 'Переместить', exact: true });
    await move.click();
    await expect(dialog.getByTestId('move-hint')).toHaveText('Пожалуйста, выберите секцию назначения');
    await dialog.getByLabel('Секция').selectOption({ label: 'Passes' });
    await move.click();
    await expect(toast(page)).toContainText('Карточка перемещена');
    await expect(toast(page)).toContainText('«Gem Shop» → Passes');
    expect((await api.card(board.boardId, board.gemShop.id))?.sectionId).toBe(board.sections.Passes.id);
    // The user chose nothing: the account still follows the browser.
    expect((await api.call<{ language: string | null }>('GET', '/api/current-user')).language).toBeNull();
  });

  test('shows the sidebar, the toolbar and the plan page in Russian', async ({ page, server }) => {
    const api = await signUp(page, server);
    await openBoardWithSections(page, server, api);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('button', { name: 'Новая доска' })).toBeVisible();
    expect(await englishWords(page, '[data-testid="sidebar"]', [])).toEqual([]);
    await expect(page.getByRole('toolbar', { name: 'Управление доской' })).toContainText('Упорядочить карточки');
    expect(await englishWords(page, '.zoom-toolbar', [])).toEqual([]);
    await page.getByRole('toolbar', { name: 'Управление доской' }).getByRole('button', { name: 'Экспорт' }).click();
    await expect(page.getByRole('dialog', { name: 'Экспорт' })).toContainText('Вся доска');
    expect(await englishWords(page, '.export-dialog', [])).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto(server.url + '/billing');
    await expect(page.getByRole('heading', { name: 'Выберите тариф' })).toBeVisible();
    await expect(page.getByTestId('plan-grid')).toBeVisible();
    await expect(page.getByTestId('storage-usage')).toHaveText('использовано 0 КБ (без ограничений)');
    await expect(page.getByTestId('plan-month-reset')).toHaveText(/^Поиски обновятся \d+ [а-я]+/);
    expect(await englishWords(page, 'main.billing-page', [])).toEqual([]);
  });

  test('shows the landing search, bookmarks, collections and feature search in Russian', async ({ page, server }) => {
    // Catalogue data stays as it is: suggested queries, collection, category, genre and tier names.
    await signUpOnPlan(page, server, 1);
    await page.goto(server.url + '/');
    await expect(page.getByRole('heading', { name: 'Какие референсы будем лутать?' })).toBeVisible();
    await expect(page.getByTestId('collection-tiles')).toBeVisible();
    expect(await englishWords(page, '[data-testid="search-landing"]', ['.suggestions ul', '.tile-name'])).toEqual([]);

    await page.getByRole('button', { name: 'Закладки' }).click();
    await expect(page.getByRole('heading', { name: 'Мои закладки' })).toBeVisible();
    expect(await englishWords(page, '.bookmarks-view', [])).toEqual([]);

    await page.goto(server.url + '/collections');
    await expect(page.getByTestId('collection-group').first()).toBeVisible();
    expect(await englishWords(page, '[data-testid="collections-view"]', ['.cv-group'])).toEqual([]);
    await expect(page.locator('button.cv-group-toggle').first()).toHaveAttribute('title', /^Скрыть: /);

    await page.goto(server.url + '/feature-search');
    await expect(page.getByText('Выберите фильтры слева, чтобы начать')).toBeVisible();
    expect(await englishWords(page, '.fs-page', ['.fs-categories', '.fs-genres'])).toEqual([]);
  });
});

test.describe('an English browser', () => {
  test('shows no Russian until the user switches; the switch applies at once, is saved, and switches back', async ({
    page,
    server,
  }) => {
    // Two full board opens (the first waits for the first auto-layout's board.organize batch, 12 s of a
    // 44 s pass on a loaded 2-core machine) with menus and hovers between them: past the default 60 s on a busier run.
    test.setTimeout(120_000);
    const api = await signUp(page, server);
    const board = await openBoardWithSections(page, server, api);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await openCardMenu(page, board.gemShop);
    await expect(page.getByRole('menu', { name: 'Add to section' }).getByRole('menuitemradio')).toHaveText([
      'No section',
      'Shops',
      'Passes',
    ]);
    await page.keyboard.press('Escape');

    await chooseLanguage(page, 'Русский');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect
      .poll(async () => (await api.call<{ language: string | null }>('GET', '/api/current-user')).language)
      .toBe('ru');
    await openCardMenu(page, board.loose);
    await expect(page.getByRole('menu', { name: 'Добавить в секцию' })).toBeVisible();
    await page.keyboard.press('Escape');

    // Saved with the account: a reload in this English browser stays Russian.
    await openBoard(page, server, { expectLayout: false });
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await (await hoverCard(page, board.loose)).getByRole('button', { name: 'Переместить' }).click();
    await expect(page.getByRole('dialog', { name: 'Переместить карточку' })).toBeVisible();
    await page.keyboard.press('Escape');

    await chooseLanguage(page, 'English');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect
      .poll(async () => (await api.call<{ language: string | null }>('GET', '/api/current-user')).language)
      .toBe('en');
    await openCardMenu(page, board.loose);
    await expect(page.getByRole('menu', { name: 'Add to section' })).toBeVisible();
  });

  test('a language the server could not save still applies in this browser, and the user is told', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const board = await openBoardWithSections(page, server, api);
    await page.route('**/api/current-user', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 503, json: { message: 'down' } })
        : route.continue(),
    );
    await chooseLanguage(page, 'Русский');
    await expect(toast(page)).toContainText('Язык не сохранён');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await openCardMenu(page, board.gemShop);
    await expect(page.getByRole('menu', { name: 'Добавить в секцию' })).toBeVisible();
    expect((await api.call<{ language: string | null }>('GET', '/api/current-user')).language).toBeNull();
  });
});
