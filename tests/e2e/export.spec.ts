import fs from 'node:fs';
import sharp from 'sharp';
import { strFromU8, unzipSync } from 'fflate';
import { featureScreenshots } from './catalogue-fixtures';
import { cardPoint, openBoard, seedBoard, signUp, worldPoint, type SeedCard, type WireSection } from './board-fixtures';
import { expect, test } from './fixtures';

/** Export from the dialog — PNG drawn by the engine in tiles, PDF / Markdown from the server. */
// From the catalogue plan: a hard-coded key names one generator version's file, missing once the drawings change.
const SHOTS = featureScreenshots('afk-arena', 'afk-rewards');

const cardsIn = (section: string, n: number, first = 0): SeedCard[] =>
  Array.from({ length: n }, (_, i) => ({
    title: `${section} ${first + i}`,
    section,
    images: [SHOTS[(first + i) % SHOTS.length]],
    tags: ['Shop'],
    game: 'AFK Arena',
  }));

test.describe('export', () => {
  test('PNG of a section at 2× downloads an image of that size with the cards drawn in it', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(
      api,
      'Idle rewards',
      ['Shops', 'Offers'],
      [...cardsIn('Shops', 3), ...cardsIn('Offers', 2)],
    );
    await openBoard(page, server);
    const sections = await api.call<WireSection[]>('GET', `/api/sections?boardId=${seeded.boardId}`);
    const shops = sections.find((s) => s.title === 'Shops')!;

    // The section's menu: clicking its title opens it; Export is there.
    const title = await worldPoint(page, { x: shops.position.x + 200, y: shops.position.y + 20 });
    await page.mouse.click(title.x, title.y);
    await page.getByRole('dialog', { name: 'Enter new section title' }).getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByTestId('export-dialog');
    await expect(dialog.getByRole('radio', { name: 'This section' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: 'PNG image' })).toBeChecked();
    await dialog.getByRole('radio', { name: '2×' }).check();
    const sizeText = (await dialog.getByTestId('export-size').textContent())!;
    const [shownWidth, shownHeight] = sizeText.match(/\d+/g)!.map(Number);
    // The section (cards sit inside it after the layout) plus a 24-unit margin, at 2 px per unit.
    expect(shownWidth).toBe(Math.round((shops.size.width + 48) * 2));
    expect(shownHeight).toBe(Math.round((shops.size.height + 48) * 2));

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Idle rewards - Shops.png');
    const png = fs.readFileSync((await file.path())!);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([shownWidth, shownHeight]);
    await expect(dialog.getByTestId('export-status')).toContainText('Exported');

    // Not all background: the board colour and the section fill (#FDE2E4) cover only part of it; white cards and
    // the screenshots' colours cover the rest.
    const background = [
      [0xf4, 0xf5, 0xf7],
      [0xfd, 0xe2, 0xe4],
    ];
    let other = 0;
    let white = 0;
    const seen = new Set<number>();
    for (let i = 0; i < data.length; i += info.channels) {
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      if (!background.some(([br, bg, bb]) => Math.abs(r - br) + Math.abs(g - bg) + Math.abs(b - bb) < 12)) other += 1;
      if (r > 250 && g > 250 && b > 250) white += 1;
      seen.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
    }
    const pixels = info.width * info.height;
    expect(other / pixels).toBeGreaterThan(0.3);
    expect(white / pixels).toBeGreaterThan(0.05);
    // Screenshots, not flat placeholders: many distinct colours.
    expect(seen.size).toBeGreaterThan(200);
  });

  test('the progress bar shows while a PNG renders, Cancel stops it, and the board export works after', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    await seedBoard(api, 'Slow images', ['Shops'], cardsIn('Shops', 6));
    await openBoard(page, server);
    // Hold the screenshots back, so the first tile waits for its images while the test cancels.
    let holdImages = true;
    await page.route('**/api/storage/**', async (route) => {
      while (holdImages) await new Promise((resolve) => setTimeout(resolve, 100));
      await route.continue();
    });
    const downloads: string[] = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));

    await page.getByRole('toolbar', { name: 'Board controls' }).getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByTestId('export-dialog');
    await expect(dialog.getByRole('radio', { name: 'Whole board' })).toBeChecked();
    await dialog.getByRole('radio', { name: '2×' }).check();
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(dialog.getByTestId('export-progress')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByTestId('export-status')).toHaveText('Export cancelled');
    await expect(dialog.getByTestId('export-progress')).toHaveCount(0);
    holdImages = false;

    // The engine is back to normal: the next export runs to the end; without the background, the margin around
    // the section is transparent while the section and its cards are opaque.
    const download = page.waitForEvent('download');
    await dialog.getByRole('radio', { name: '1×' }).check();
    await dialog.getByRole('checkbox', { name: 'Include background' }).uncheck();
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Slow images.png');
    // The only download: the cancelled export, its images released first, never finished.
    expect(downloads).toEqual(['Slow images.png']);
    const { data, info } = await sharp(fs.readFileSync((await file.path())!))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect(alphaAt(2, 2)).toBe(0);
    expect(alphaAt(info.width - 3, info.height - 3)).toBe(0);
    expect(alphaAt(Math.floor(info.width / 2), Math.floor(info.height / 2))).toBe(255);
  });

  test('PDF and Markdown exports download from the dialog; Cancel aborts a server export', async ({ page, server }) => {
    const api = await signUp(page, server);
    await seedBoard(api, 'Reference pack', ['Shops'], cardsIn('Shops', 3));
    await openBoard(page, server);
    await page.getByRole('toolbar', { name: 'Board controls' }).getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByTestId('export-dialog');

    await dialog.getByRole('radio', { name: 'PDF reference pack' }).check();
    await dialog.getByRole('combobox', { name: 'Paper' }).selectOption('letter');
    const pdfRequest = page.waitForRequest((r) => r.url().includes('/export?'));
    const pdfDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    expect((await pdfRequest).url()).toContain('format=pdf&paper=letter&orientation=portrait&perPage=4');
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe('Reference pack.pdf');
    expect(
      fs
        .readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await dialog.getByRole('radio', { name: 'Markdown brief (.zip)' }).check();
    const zip = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    expect((await zip).suggestedFilename()).toBe('Reference pack.zip');

    await page.route('**/api/boards/*/export?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 5000));
      await route.continue().catch(() => undefined);
    });
    await dialog.getByRole('radio', { name: 'PDF reference pack' }).check();
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(dialog.getByTestId('export-progress')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByTestId('export-status')).toHaveText('Export cancelled');
  });

  test('the selection bar exports the selected cards only', async ({ page, server }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(api, 'Picked', ['Shops'], cardsIn('Shops', 3));
    await openBoard(page, server);
    const cards = await api.cards(seeded.boardId);
    const chosen = cards.filter((c) => c.title !== 'Shops 1');
    for (const card of chosen) {
      const p = await cardPoint(page, card, 170, 250);
      await page.keyboard.down('Shift');
      await page.mouse.click(p.x, p.y);
      await page.keyboard.up('Shift');
    }
    const bar = page.getByTestId('selection-bar');
    await expect(bar).toContainText('2 cards selected');
    await bar.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByTestId('export-dialog');
    await expect(dialog.getByRole('radio', { name: 'Selected cards (2)' })).toBeChecked();
    await dialog.getByRole('radio', { name: 'Markdown brief (.zip)' }).check();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const entries = unzipSync(new Uint8Array(fs.readFileSync((await (await download).path())!)));
    const brief = strFromU8(entries['brief.md']);
    for (const card of cards) {
      if (chosen.includes(card)) expect(brief).toContain(`### ${card.title}`);
      else expect(brief).not.toContain(card.title);
    }
  });
});
