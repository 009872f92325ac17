import { PAYMENT_REDIRECT_MS } from '#shared/constants';
import { formatResetDate } from '#shared/usage-dates';
import { seedBoard, toast } from './board-fixtures';
import { currentUser, signUpAs } from './account-fixtures';
import { expect, test } from './fixtures';
import { isLayoutSave, layoutRunsEnded } from './ops-fixtures';

/**
 * The plan page (spec accounts §1, §2 /billing, §4, §8). The test server has no Stripe keys, so it runs
 * in self-hosted mode: Upgrade and Cancel switch the plan through PATCH /api/user/plan.
 */
test.describe('plan page', () => {
  test('self-hosted mode: the plans, their figures, and Upgrade / Cancel switching the plan', async ({
    page,
    server,
  }) => {
    const { api } = await signUpAs(page, server);
    let showPlans!: () => void;
    const plansHeld = new Promise<void>((r) => (showPlans = r));
    await page.route('**/api/plans', async (route) => {
      await plansHeld;
      await route.continue();
    });
    await page.goto(server.url + '/billing');
    await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
    await expect(page.getByText('Loading pricing plans')).toBeVisible();
    showPlans();
    await expect(
      page.getByText(
        'Select the perfect plan for your needs and start collecting game references today. All plans include access to the full game reference database and support.',
      ),
    ).toBeVisible();
    await expect(page.getByTestId('self-hosted-note')).toContainText('Payments are off on this server');

    const cards = page.locator('.plan-card');
    await expect(cards).toHaveCount(4);
    await expect(cards.locator('h2')).toHaveText(['Free', 'Basic', 'Light', 'Pro']);
    await expect(page.getByTestId('plan-price')).toHaveText(['$0', '$9.99', '$19.99', '$49.99']);
    await expect(page.getByTestId('plan-usage')).toHaveText(['5 / month', '40 / month', '150 / month', '∞ / month']);
    // Team boards: how many people may work on one board, the owner counted.
    await expect(page.getByTestId('plan-members')).toHaveText([
      'Boards for you alone',
      'Up to 3 people on each board',
      'Up to 10 people on each board',
      'Unlimited people on each board',
    ]);
    const free = page.getByTestId('plan-Free');
    const light = page.getByTestId('plan-Light');
    const pro = page.getByTestId('plan-Pro');
    await expect(light.getByText('Popular', { exact: true })).toBeVisible();
    await expect(free.getByText('Current Plan')).toBeVisible();
    await expect(page.getByText('Current Plan')).toHaveCount(1);
    await expect(free.getByRole('button')).toHaveCount(0);
    await expect(free.locator('.plan-perks li')).toHaveCount(0);
    // The Free card says what it includes and what it locks.
    await expect(free.getByTestId('plan-includes').locator('li')).toHaveText([
      '5 searches a month',
      'Boards, bookmarks and share links',
      'Free collections',
    ]);
    await expect(free.getByTestId('plan-locks').locator('li')).toHaveText([
      'Premium Sections: about half of the sections on a board',
      'Full Features Search results',
      'Premium Collections',
    ]);
    await expect(pro.locator('.plan-perks li')).toHaveText([
      'Access to Features Search',
      'Access to Premium Collections',
      'Access to Premium Sections',
    ]);
    for (const name of ['Basic', 'Light', 'Pro'])
      await expect(page.getByTestId(`plan-${name}`).getByRole('button')).toHaveText('Upgrade');
    await expect(page.getByTestId('plan-month-searches')).toHaveText('0 of 5 used');
    await expect(page.getByTestId('storage-usage')).toHaveText('0 KB of 200 MB used');

    // The switch is held back a moment so the busy state can be seen: every button disabled, this one 'Processing...'.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/user/plan', async (route) => {
      await held;
      await route.continue();
    });
    // The switch asks first, naming what changes now (no payment on this server).
    await pro.getByRole('button', { name: 'Upgrade' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro?' });
    await expect(upgrade.getByTestId('plan-change-now').locator('li')).toHaveText(['Your plan becomes Pro at once.']);
    await expect(upgrade.getByTestId('plan-change-limits').locator('tbody tr')).toHaveText([
      'Searches a month5Unlimited',
      'Image storage200 MBUnlimited',
      'Members per board1Unlimited',
    ]);
    await expect(upgrade.getByTestId('plan-change-later')).toHaveText(
      'Nothing changes later: this server takes no payments.',
    );
    await upgrade.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await expect(pro.getByRole('button')).toHaveText('Processing...');
    await expect(pro.getByRole('button')).toBeDisabled();
    await expect(light.getByRole('button')).toBeDisabled();
    release();
    await expect(toast(page)).toContainText('Upgraded to Pro');
    await expect(toast(page)).toContainText('Your subscription plan has been updated successfully.');
    await expect(pro.getByText('Current Plan')).toBeVisible();
    await expect(pro.getByRole('button')).toHaveText('Cancel');
    await expect(pro.getByRole('button')).toBeEnabled();
    expect((await currentUser(api)).plan_id).toBe(4);
    expect((await currentUser(api)).monthly_limit).toBe(-1);
    // The month follows the new plan at once, storage quota included (it kept Free's until a reload).
    await expect(page.getByTestId('plan-month-searches')).toHaveText('0 used (unlimited)');
    await expect(page.getByTestId('storage-usage')).toHaveText('0 KB used (unlimited)');
    // On Pro the cheaper plans are labelled by direction, and switching down asks too (it takes effect at once).
    await expect(page.getByTestId('plan-Basic').getByRole('button')).toHaveText('Switch to Basic');
    await expect(light.getByRole('button')).toHaveText('Switch to Light');
    await light.getByRole('button', { name: 'Switch to Light' }).click();
    const down = page.getByRole('dialog', { name: 'Switch to Light?' });
    await expect(down.getByTestId('plan-change-now').locator('li')).toHaveText([
      'Your plan becomes Light at once.',
      'A downgrade takes effect now, not at the end of the period.',
    ]);
    await page.keyboard.press('Escape');
    await expect(down).toBeHidden();
    expect((await currentUser(api)).plan_id).toBe(4);

    // Cancel asks first, naming what is lost; Keep my plan changes nothing.
    await pro.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel your Pro plan?' });
    await expect(confirm).toContainText('Premium Sections');
    await expect(confirm).toContainText('Features Search');
    await expect(confirm).toContainText('Premium Collections');
    await expect(confirm).toContainText('The change takes effect at once.');
    await confirm.getByRole('button', { name: 'Keep my plan' }).click();
    await expect(confirm).toBeHidden();
    expect((await currentUser(api)).plan_id).toBe(4);
    await pro.getByRole('button', { name: 'Cancel' }).click();
    await confirm.getByRole('button', { name: 'Cancel plan' }).click();
    await expect(free.getByText('Current Plan')).toBeVisible();
    expect((await currentUser(api)).plan_id).toBe(1);

    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page).toHaveURL(server.url + '/');
  });

  test('the user menu opens Billing', async ({ page, server }) => {
    await signUpAs(page, server);
    await page.goto(server.url + '/');
    await page.getByTestId('user-name').click();
    await page.getByRole('menuitem', { name: 'Billing' }).click();
    await expect(page).toHaveURL(server.url + '/billing');
    await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  });

  test('a server that takes payments: checkout and portal failures show the spec toasts', async ({ page, server }) => {
    await signUpAs(page, server);
    // The test server has no Stripe keys; the page is told payments are on, and the real API then refuses the
    // Stripe calls (409), which is exactly the failure the toasts are for.
    await page.route('**/api/billing/config', (route) => route.fulfill({ json: { stripeEnabled: true } }));
    await page.goto(server.url + '/billing');
    await expect(page.locator('.plan-card')).toHaveCount(4);
    await expect(page.getByTestId('self-hosted-note')).toHaveCount(0);

    const checkout = page.waitForRequest('**/api/stripe/create-checkout-session');
    await page.getByTestId('plan-Light').getByRole('button', { name: 'Upgrade' }).click();
    await page
      .getByRole('dialog', { name: 'Upgrade to Light?' })
      .getByRole('button', { name: 'Continue to payment' })
      .click();
    expect((await checkout).postDataJSON()).toEqual({ planId: 3 });
    await expect(toast(page)).toContainText('Payment Error');
    // The server's own message, not the generic one.
    await expect(toast(page)).toContainText('Payments are not configured on this server');
    await expect(page.getByTestId('plan-Light').getByRole('button')).toHaveText('Upgrade');

    // The free user's own plan has no button; a paid plan's Cancel (after the confirmation) asks the server to end
    // the subscription at the period's end, and Manage billing opens the portal: both refused here.
    await page.request.fetch(server.url + '/api/user/plan', {
      method: 'PATCH',
      headers: { origin: server.url, 'content-type': 'application/json' },
      data: { planId: 2 },
    });
    await page.reload();
    await page.getByTestId('plan-Basic').getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel your Basic plan?' });
    await expect(confirm).toContainText('You keep your plan until the end of the period you have paid for.');
    await confirm.getByRole('button', { name: 'Cancel plan' }).click();
    await expect(toast(page)).toContainText('Cancel failed');
    await expect(toast(page)).toContainText('Payments are not configured on this server');
    await page.getByTestId('plan-Basic').getByRole('button', { name: 'Manage billing' }).click();
    await expect(toast(page)).toContainText('Portal Error');
    await expect(toast(page)).toContainText('Payments are not configured on this server');
    await expect(page.getByTestId('plan-Basic').getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  test('a checkout session answer sends the browser to its url', async ({ page, server }) => {
    await signUpAs(page, server);
    await page.route('**/api/billing/config', (route) => route.fulfill({ json: { stripeEnabled: true } }));
    // Stands in for Stripe's hosted checkout: the server would answer Stripe's session url.
    await page.route('**/api/stripe/create-checkout-session', (route) =>
      route.fulfill({ json: { url: `${server.url}/billing-success?session_id=cs_test_redirect` } }),
    );
    await page.route('**/api/stripe/session/cs_test_redirect', (route) =>
      route.fulfill({ json: { success: true, planName: 'Pro' } }),
    );
    await page.goto(server.url + '/billing');
    await page.getByTestId('plan-Pro').getByRole('button', { name: 'Upgrade' }).click();
    await page
      .getByRole('dialog', { name: 'Upgrade to Pro?' })
      .getByRole('button', { name: 'Continue to payment' })
      .click();
    await expect(page).toHaveURL(/\/billing-success\?session_id=cs_test_redirect$/);
    await expect(page.getByText('Payment Successful!')).toBeVisible();
  });
});

test.describe('payment return page', () => {
  test('confirms the session, names the plan, refreshes the user and goes to / after 3 s', async ({ page, server }) => {
    await signUpAs(page, server);
    let answer!: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    // The session lookup answers what Stripe would say through GET /api/stripe/session/{id}.
    await page.route('**/api/stripe/session/cs_test_123', async (route) => {
      await answered;
      await route.fulfill({ json: { success: true, planName: 'Light' } });
    });
    // The page reads the user as it loads; the refresh after the confirmation is a request of its own only once that
    // first read has answered (an earlier one in flight would serve it), so the test waits for that answer first.
    const loadedUser = page.waitForResponse('**/api/current-user');
    await page.goto(server.url + '/billing-success?session_id=cs_test_123');
    await expect(page.getByText('Confirming your payment...')).toBeVisible();
    await loadedUser;
    const refreshedUser = page.waitForRequest('**/api/current-user');
    const refreshedBoards = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/boards');
    answer();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByTestId('activated-plan')).toHaveText('Your Light plan has been activated.');
    await expect(page.getByText('Redirecting to dashboard in 3 seconds...')).toBeVisible();
    const shownBy = Date.now();
    await expect(page.getByRole('button', { name: 'Go to Dashboard Now' })).toBeVisible();
    await refreshedUser;
    await refreshedBoards;
    // Not before its 3 s (less the lag of seeing the text on a loaded machine), and no tight deadline after.
    await page.waitForURL(server.url + '/', { timeout: 20_000 });
    expect(Date.now() - shownBy).toBeGreaterThan(1500);
  });

  test('Go to Dashboard Now leaves at once; an unconfirmed session says so', async ({ page, server }) => {
    await signUpAs(page, server);
    await page.route('**/api/stripe/session/cs_ok', (route) =>
      route.fulfill({ json: { success: true, planName: null } }),
    );
    await page.route('**/api/stripe/session/cs_open', (route) =>
      route.fulfill({ json: { success: false, planName: null } }),
    );
    await page.goto(server.url + '/billing-success?session_id=cs_ok');
    await expect(page.getByTestId('activated-plan')).toHaveText('Your subscription has been activated.');
    await page.getByRole('button', { name: 'Go to Dashboard Now' }).click();
    await expect(page).toHaveURL(server.url + '/');

    // The page's clock is the test's: past the redirect's 3 s, an unconfirmed session stays where it is.
    await page.clock.install();
    await page.goto(server.url + '/billing-success?session_id=cs_open');
    await expect(page.getByRole('heading', { name: 'We could not confirm this payment yet' })).toBeVisible();
    await page.clock.runFor(PAYMENT_REDIRECT_MS + 500);
    await expect(page).toHaveURL(/billing-success/);
  });
});

test.describe('plan limits on the board screen', () => {
  test("upgrading unlocks the free plan's locked sections", async ({ page, server }) => {
    const { api } = await signUpAs(page, server, { planId: 2 });
    const names = ['Shops', 'Offers', 'Events', 'Passes', 'Quests', 'Chat'];
    const seeded = await seedBoard(
      api,
      'Lock test',
      names,
      names.flatMap((section) => [1, 2].map((n) => ({ title: `${section} card ${n}`, section }))),
    );
    // Back on Free: the lock is decided once, for the sections the board has now.
    await api.call('PATCH', '/api/user/plan', { planId: 1 });
    type WireSection = {
      id: number;
      locked?: boolean;
      position: { x: number; y: number };
      size: { width: number; height: number };
    };
    const sectionsOnPage = () =>
      page.waitForResponse(
        (r) => r.url().includes(`/api/sections?boardId=${seeded.boardId}`) && r.request().method() === 'GET',
      );

    const before = sectionsOnPage();
    const layout = page.waitForResponse((r) => isLayoutSave(r.request(), seeded.boardId));
    await page.goto(server.url + '/');
    const canvas = page.getByTestId('board-canvas');
    await expect(canvas).toBeVisible();
    const lockedBefore = ((await (await before).json()) as WireSection[]).filter((s) => s.locked);
    // Spec §4: about 55% of a free board's sections are locked (deterministically), and their cards are not sent.
    expect(lockedBefore.length).toBeGreaterThan(0);
    expect(lockedBefore.length).toBeLessThan(names.length);
    expect(await api.cards(seeded.boardId)).toHaveLength((names.length - lockedBefore.length) * 2);
    expect((await layout).ok()).toBe(true);
    await layoutRunsEnded(page);
    await page.keyboard.press('r');
    await expect(canvas).toHaveAttribute('data-zoom', '1');

    // The placeholder's 'Upgrade Plan to Unlock' button, drawn by the engine 30 px above the section's bottom
    // edge and centred (40 px high), goes to /billing. World points map to the page through the mirrored camera.
    const laidOut = await api.call<WireSection[]>('GET', `/api/sections?boardId=${seeded.boardId}`);
    const box = (await canvas.boundingBox())!;
    // Locked sections are laid out after the open ones, at their placeholder's full size: bring the
    // whole board into view, then map world points to the page through the mirrored camera.
    await page.getByRole('button', { name: 'Zoom to Fit' }).click();
    await expect.poll(async () => Number(await canvas.getAttribute('data-zoom'))).toBeLessThan(1);
    const zoom = Number(await canvas.getAttribute('data-zoom'));
    const offset = {
      x: Number(await canvas.getAttribute('data-offset-x')),
      y: Number(await canvas.getAttribute('data-offset-y')),
    };
    const buttons = laidOut
      .filter((s) => s.locked)
      .map((s) => ({
        x: box.x + offset.x + (s.position.x + s.size.width / 2) * zoom,
        y: box.y + offset.y + (s.position.y + s.size.height - 30 - 20) * zoom,
      }));
    // Below the floating toolbar and search bar, inside the window.
    const target = buttons.find(
      (p) => p.y > box.y + 150 && p.y < box.y + box.height - 20 && p.x > box.x && p.x < box.x + box.width,
    );
    expect(target, `a locked section's button on screen: ${JSON.stringify(buttons)}`).toBeDefined();
    await page.mouse.click(target!.x, target!.y);
    await expect(page).toHaveURL(server.url + '/billing');

    await page.getByTestId('plan-Basic').getByRole('button', { name: 'Upgrade' }).click();
    await page
      .getByRole('dialog', { name: 'Upgrade to Basic?' })
      .getByRole('button', { name: 'Upgrade to Basic' })
      .click();
    await expect(page.getByTestId('plan-Basic').getByText('Current Plan')).toBeVisible();
    expect(
      (await api.call<WireSection[]>('GET', `/api/sections?boardId=${seeded.boardId}`)).filter((s) => s.locked),
    ).toHaveLength(0);
    // Back on the board, the sections that were locked are laid out with their cards, without pressing Organize.
    const relayout = page.waitForResponse((r) => isLayoutSave(r.request(), seeded.boardId));
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    expect((await relayout).ok()).toBe(true);
    const cardsAfter = await api.cards(seeded.boardId);
    expect(cardsAfter).toHaveLength(names.length * 2);
    const sectionsAfter = await api.call<WireSection[]>('GET', `/api/sections?boardId=${seeded.boardId}`);
    for (const card of cardsAfter) {
      const section = sectionsAfter.find((s) => s.id === card.sectionId)!;
      const inside =
        card.position.x >= section.position.x &&
        card.position.y >= section.position.y &&
        card.position.x + 340 <= section.position.x + section.size.width &&
        card.position.y + 280 <= section.position.y + section.size.height;
      expect(inside, `${card.title} at ${JSON.stringify(card.position)} in ${JSON.stringify(section)}`).toBe(true);
    }
  });

  test('a count left from a higher plan reads as used up (5/5), with the date searches come back', async ({
    page,
    server,
  }) => {
    const { api } = await signUpAs(page, server, { planId: 4 });
    const spent = await api.call<{ id: number }>('POST', '/api/boards', { title: 'Spent searches' });
    for (let i = 0; i < 7; i++)
      await api.call('POST', '/api/gemini/process', { query: `match-3 offers ${i}`, boardId: spent.id });
    await api.call('PATCH', '/api/user/plan', { planId: 1 });
    const me = await currentUser(api);
    expect([me.usage_count, me.monthly_limit]).toEqual([7, 5]);
    const resetOn = new Date(me.usage_reset_date).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
      ...(new Date(me.usage_reset_date).getUTCFullYear() === new Date().getUTCFullYear() ? {} : { year: 'numeric' }),
    });
    await page.goto(server.url + '/');
    const meter = page.getByTestId('usage-meter');
    await expect(meter.locator('.usage-figure')).toHaveText('5/5');
    await expect(meter).toHaveAttribute('title', `Searches reset on ${resetOn}`);
    await expect(meter.getByTestId('usage-reset')).toHaveText(`Searches reset on ${resetOn}`);
  });

  test('at the monthly limit a search shows the limit toast and goes to /billing', async ({ page, server }) => {
    const { api } = await signUpAs(page, server);
    const me = await currentUser(api);
    // Spend the free plan's searches through the real query API, on a board of their own.
    const spent = await api.call<{ id: number }>('POST', '/api/boards', { title: 'Spent searches' });
    for (let i = me.usage_count; i < me.monthly_limit; i++) {
      await api.call('POST', '/api/gemini/process', { query: `match-3 offers ${i}`, boardId: spent.id });
    }
    expect((await currentUser(api)).usage_count).toBe(me.monthly_limit);
    // The newest board is selected on load; an 'Untitled' one shows the landing search.
    await api.call('POST', '/api/boards', { title: 'Untitled' });
    await page.goto(server.url + '/');
    const box = page.getByPlaceholder('e.g. "Starter Pack in Match-3"');
    await box.fill('starter packs');
    await box.press('Enter');
    await expect(toast(page)).toContainText('Reached monthly limit; upgrade your plan');
    await expect(toast(page)).toContainText(/Your searches come back on [A-Z][a-z]+ \d{1,2}/);
    await expect(page.getByTestId('usage-meter').locator('.usage-figure')).toHaveText('5/5');
    await expect(page).toHaveURL(server.url + '/billing?from=limit', { timeout: 5000 });
    // The plan page says why the user is here, and shows the month.
    const resetOn = formatResetDate(me.usage_reset_date)!;
    await expect(page.getByTestId('plan-month-why')).toHaveText(
      `You are here because you have used all 5 searches of your Free plan this month. Upgrade to search again now, or wait until ${resetOn}.`,
    );
    await expect(page.getByTestId('plan-month-searches')).toHaveText('5 of 5 used');
    await expect(page.getByRole('progressbar', { name: 'Searches' })).toHaveAttribute('aria-valuenow', '5');
    await expect(page.getByTestId('plan-month-reset')).toHaveText(`Searches come back on ${resetOn}`);
    // Opened any other way, the page does not claim the user hit the limit.
    await page.goto(server.url + '/billing');
    await expect(page.getByTestId('plan-month-searches')).toHaveText('5 of 5 used');
    await expect(page.getByTestId('plan-month-why')).toHaveCount(0);
  });
});

test.describe('auth message', () => {
  test('a same-origin loot-auth-success message refreshes the user; another origin is ignored', async ({
    page,
    server,
  }) => {
    // Nothing else changes the user here: a plan change would reach the page through its live stream and read the
    // user again by itself.
    await signUpAs(page, server);
    await page.goto(server.url + '/');
    await expect(page.getByTestId('usage-meter')).toContainText('0/5');

    let reads = 0;
    page.on('request', (r) => r.url().endsWith('/api/current-user') && reads++);
    await page.evaluate(() =>
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'loot-auth-success' }, origin: 'https://evil.example' }),
      ),
    );

    // The page's own message, posted after: one read, its own. Had the other origin's been taken, its read would
    // have gone out first (at once, as the message was handled) and this one would make two.
    const read = page.waitForResponse((r) => r.url().endsWith('/api/current-user'));
    await page.evaluate(() => window.postMessage({ type: 'loot-auth-success' }, window.location.origin));
    expect((await read).ok()).toBe(true);
    expect(reads).toBe(1);
  });
});
