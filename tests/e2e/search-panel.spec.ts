import { expect, test } from './fixtures';
import { landing, openLanding, searchBox, signUpOnPlan } from './search-fixtures';

/** The search panel's landing mode and its pickers (spec accounts §2 "Search panel", §4 "Picker effect"). */
test.describe('search panel: landing and pickers', () => {
  test('an empty Untitled board shows the landing search with tiles and 5 suggestions', async ({ page, server }) => {
    await signUpOnPlan(page, server, 4);
    await openLanding(page, server);
    await expect(searchBox(page)).toHaveAttribute('placeholder', 'e.g. "Starter Pack in Match-3"');
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
    await expect(page.getByTestId('features-picker')).toHaveText(/Select features/);
    await expect(page.getByTestId('genres-picker')).toHaveText(/Any/);

    // Spec §2, §9: 5 random suggestions; up to 3 tiles, 2 free and 1 pro, with 'View all'.
    await expect(page.getByTestId('suggestions').getByRole('button')).toHaveCount(5);
    const tiles = page.getByTestId('collection-tiles').locator('.collection-tile');
    await expect(tiles).toHaveCount(3);
    expect(await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-type')))).toEqual([
      'free',
      'free',
      'pro',
    ]);
    await expect(tiles.nth(2).getByRole('img', { name: 'Pro' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View all' })).toBeVisible();

    // Spec §4: the clear button empties the box (a blank submit: search-flow.spec.ts).
    await searchBox(page).fill('   ');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(searchBox(page)).toHaveValue('');

    // 'View all' goes through /collections, which opens the collections view on the main screen.
    await page.getByRole('button', { name: 'View all' }).click();
    await expect(page.getByTestId('collections-view')).toBeVisible();
    await expect(landing(page)).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('Games mode has the quick game filters Any / Top Games / New, exclusive, from the catalogue; the AI footer shows', async ({
    page,
    server,
  }) => {
    await signUpOnPlan(page, server, 4);
    await openLanding(page, server);
    // Spec accounts §1: the footer under the search panel.
    await expect(page.getByTestId('ai-footer')).toHaveText(
      'The data is collected automatically by AI and may not be accurate.',
    );

    await page.getByTestId('genres-picker').click();
    const popover = page.getByRole('dialog', { name: 'GENRES & GAMES' });
    await popover.getByRole('button', { name: 'Games', exact: true }).click();
    const quick = popover.getByRole('group', { name: 'Quick game filters' });
    await expect(quick.getByRole('button')).toHaveText(['Any', 'Top Games', 'New']);
    await expect(quick.getByRole('button', { name: 'Any' })).toHaveAttribute('aria-pressed', 'true');
    const list = popover.locator('.game-list button');
    await expect(list).toHaveCount(40);

    // New: the catalogue's new games only (assets/catalogue/games.json isNew), sorted as the list is.
    await quick.getByRole('button', { name: 'New' }).click();
    await expect(quick.getByRole('button', { name: 'Any' })).toHaveAttribute('aria-pressed', 'false');
    await expect(list).toHaveText([
      'Asphalt Legends Unite',
      'Block Blast!',
      'EA SPORTS FC Mobile',
      'Match Factory!',
      'Screw Jam',
    ]);

    // Top Games replaces New (exclusive); the quick-search narrows within it.
    await quick.getByRole('button', { name: 'Top Games' }).click();
    await expect(quick.getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'false');
    await expect(list).toHaveCount(17);
    await expect(list.filter({ hasText: 'Screw Jam' })).toHaveCount(0);
    await popover.getByPlaceholder('Search games...').fill('clash');
    await expect(list).toHaveText(['Clash of Clans', 'Clash Royale']);
    await list.filter({ hasText: 'Clash Royale' }).click();
    await expect(searchBox(page)).toHaveValue(/Clash Royale/);
  });

  test('the pickers rewrite an untouched query and append to an edited one', async ({ page, server }) => {
    await signUpOnPlan(page, server, 4);
    await openLanding(page, server);
    const features = page.getByTestId('features-picker');
    const genres = page.getByTestId('genres-picker');

    // FEATURES: 8 categories in two columns, expandable sub-features; the label follows the choice.
    await features.click();
    const featuresPopover = page.getByRole('dialog', { name: 'FEATURES' });
    await expect(featuresPopover.locator('.picker-column')).toHaveCount(2);
    await expect(featuresPopover.locator('.picker-column > li')).toHaveCount(8);
    await featuresPopover.getByRole('button', { name: 'Show Monetization sub-features' }).click();
    await featuresPopover.getByRole('button', { name: 'Starter Packs' }).click();
    await expect(featuresPopover.getByRole('button', { name: 'Starter Packs' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(searchBox(page)).toHaveValue('Starter Packs');
    await expect(features).toHaveText(/Starter Packs/);
    await featuresPopover.getByRole('button', { name: 'Season Pass' }).click();
    await expect(searchBox(page)).toHaveValue('Starter Packs, Season Pass');
    await expect(features).toHaveText(/2 selected/);
    await featuresPopover.getByRole('button', { name: 'Season Pass' }).click();
    await page.keyboard.press('Escape');
    await expect(featuresPopover).toHaveCount(0);

    // GENRES & GAMES: chips, Puzzle first and apart, a genre rewrites the untouched text.
    await genres.click();
    const genresPopover = page.getByRole('dialog', { name: 'GENRES & GAMES' });
    const chips = genresPopover.getByRole('group', { name: 'Super-genres' }).getByRole('button');
    await expect(chips).toHaveText(['Any', 'Hyper & Hybridcasual', 'Casual', 'Midcore']);
    await expect(chips.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('genre-puzzle').getByRole('button', { name: 'Puzzle', exact: true })).toBeVisible();
    await expect(page.getByTestId('genre-others').getByRole('button', { name: 'Puzzle', exact: true })).toHaveCount(0);
    await genresPopover.getByRole('button', { name: 'Show Puzzle sub-features' }).click();
    await genresPopover.getByRole('button', { name: 'Match-3', exact: true }).click();
    await expect(searchBox(page)).toHaveValue('Starter Packs in Match-3');
    await expect(chips.first()).toHaveAttribute('aria-pressed', 'false');
    await genresPopover.getByRole('button', { name: 'Casual', exact: true }).click();
    await expect(searchBox(page)).toHaveValue('Starter Packs in Casual, Match-3');
    await expect(genres).toHaveText(/2 selected/);

    // Any clears every other context and the text follows.
    await chips.first().click();
    await expect(chips.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(genresPopover.getByRole('button', { name: 'Match-3', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(searchBox(page)).toHaveValue('Starter Packs');
    await expect(genres).toHaveText(/Any/);
    await page.keyboard.press('Escape');

    // The user edits the text: chosen names are now appended, names already in it are skipped.
    await searchBox(page).fill('Starter Packs with a timer for match-3 whales');
    await genres.click();
    await genresPopover.getByRole('button', { name: 'Show Puzzle sub-features' }).click();
    await genresPopover.getByRole('button', { name: 'Match-3', exact: true }).click();
    await expect(searchBox(page)).toHaveValue('Starter Packs with a timer for match-3 whales');

    // Games mode: a quick-search over GET /api/games; choosing a game appends its name.
    await genresPopover.getByRole('button', { name: 'Games', exact: true }).click();
    const gameSearch = genresPopover.getByPlaceholder('Search games...');
    await gameSearch.fill('  ROYAL mat ');
    await expect(genresPopover.locator('.game-list button')).toHaveText(['Royal Match']);
    await genresPopover.getByRole('button', { name: 'Royal Match' }).click();
    await expect(searchBox(page)).toHaveValue('Starter Packs with a timer for match-3 whales, Royal Match');
    await expect(genres).toHaveText(/2 selected/);

    // Clearing the box hands it back to the pickers.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await features.click();
    await featuresPopover.getByRole('button', { name: 'Show Social sub-features' }).click();
    await featuresPopover.getByRole('button', { name: 'Leaderboards' }).click();
    await expect(searchBox(page)).toHaveValue('Starter Packs, Leaderboards in Match-3, Royal Match');
  });

  test('a pro tile on the free plan opens the Premium Collection dialog; a free tile opens its board', async ({
    page,
    server,
  }) => {
    await signUpOnPlan(page, server, 1);
    await openLanding(page, server);
    const tiles = page.getByTestId('collection-tiles').locator('.collection-tile');
    await expect(tiles).toHaveCount(3);
    const proName = (await tiles.nth(2).locator('.tile-name').textContent())!;
    await tiles.nth(2).click();
    const dialog = page.getByRole('dialog', { name: 'Premium Collection' });
    await expect(dialog).toContainText('This collection is available only to users with a premium subscription.');
    await expect(dialog).toContainText(`Collection: "${proName}"`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    const freeName = (await tiles.first().locator('.tile-name').textContent())!;
    await tiles.first().click();
    await expect(page.getByTestId('toast')).toContainText('Collection loaded!');
    await expect(page.getByTestId('search-compact')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Boards' }).locator('[aria-current="true"]')).toContainText(
      freeName.slice(0, 10),
    );
  });
});
