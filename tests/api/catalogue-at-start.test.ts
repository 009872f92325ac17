import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueImagesInBackground } from '../../api/catalogue/catalogue-at-start';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../api/catalogue/load-catalogue';
import { createLogger } from '../../api/ops/log';
import { metricsRegistry } from '../../api/ops/metrics';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { fixtureCatalogue } from '../unit/catalogue/fixture-catalogue';

/** A non-terminal stream, as the server's stderr is under a supervisor: progress goes to the log as lines. */
const pipe = () => Object.assign(new PassThrough(), { isTTY: false }) as unknown as NodeJS.WriteStream;

async function appWithCatalogue() {
  const t = await createTestApp();
  const plan = planCatalogue(fixtureCatalogue());
  await loadCatalogue(t.db, plan);
  const sink = new PassThrough();
  let logs = '';
  sink.on('data', (chunk) => (logs += chunk));
  const images = catalogueImagesInBackground(plan, t.deps.storage, createLogger({ destination: sink }), pipe());
  t.deps.catalogueImages = images;
  return { t, plan, images, logs: () => logs };
}

const pending = async () =>
  (await metricsRegistry.getSingleMetricAsString('loot_catalogue_images_pending')).split('\n').at(-1);

describe('catalogue images after the port opens', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('an image asked for before the background reaches it is drawn at once: screenshot, variant, cover; anything else stays a 404', async () => {
    const setup = await appWithCatalogue();
    t = setup.t;
    const [screen, other] = setup.plan.screens;
    const cover = setup.plan.covers[0];
    expect(fs.existsSync(path.join(t.config.storageDir, screen.relative))).toBe(false);

    const shot = await t.call('GET', `/api/storage/${screen.relative}`);
    expect(shot.status).toBe(200);
    expect(shot.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await shot.arrayBuffer())).metadata()).format).toBe('webp');
    const variant = await t.call('GET', `/api/storage/w/96/${other.relative}`);
    expect(variant.status).toBe(200);
    expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).width).toBe(96);
    // A cover shows screenshots: they are drawn first, then the cover.
    expect((await t.call('GET', `/api/storage/${cover.relative}`)).status).toBe(200);
    for (const rel of cover.screenshots) expect(fs.existsSync(path.join(t.config.storageDir, rel)), rel).toBe(true);

    expect(
      (await t.call('GET', '/api/storage/catalogue/gem-quest/not-a-planned-image-1-000000000000.webp')).status,
    ).toBe(404);
    // Nothing else was drawn: the background has not started.
    const drawn = fs
      .readdirSync(t.config.storageDir, { recursive: true })
      .filter((f) => String(f).endsWith('.webp') && !String(f).startsWith('w'));
    expect(drawn.length).toBe(
      2 + new Set(cover.screenshots.filter((s) => s !== screen.relative && s !== other.relative)).size + 1,
    );
  });

  it('the background draws the rest, with progress lines and the pending gauge going to 0', async () => {
    const setup = await appWithCatalogue();
    t = setup.t;
    const total = setup.plan.screens.length + setup.plan.covers.length;
    // One asked for while the background runs is drawn once: by whichever comes first, the other waits for it.
    setup.images.start();
    const asked = await t.call('GET', `/api/storage/${setup.plan.covers[0].relative}`);
    expect(asked.status).toBe(200);
    await setup.images.finished();
    for (const job of [...setup.plan.screens, ...setup.plan.covers])
      expect(fs.existsSync(path.join(t.config.storageDir, job.relative)), job.relative).toBe(true);
    const lines = setup
      .logs()
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(lines[0]).toMatch(/^Catalogue images: drawing the missing ones in the background \(\d+ of \d+ ready\)/);
    expect(lines.at(-1)).toMatch(new RegExp(`^Catalogue images: ${total} ready \\(\\d+ drawn now, [\\d.]+ s\\)$`));
    expect(await pending()).toBe('loot_catalogue_images_pending 0');
    expect(
      fs.readdirSync(t.config.storageDir, { recursive: true }).filter((f) => /\.(lock|tmp)$/.test(String(f))),
    ).toEqual([]);
  }, 60_000);

  it('a shutdown stops the background between images; what is left is drawn when asked for', async () => {
    const setup = await appWithCatalogue();
    t = setup.t;
    setup.images.start();
    await setup.images.stop();
    // The run lists the store before its first image, so the stop lands before any is taken.
    const missing = setup.plan.screens.find((job) => !fs.existsSync(path.join(t.config.storageDir, job.relative)));
    expect(missing).toBeDefined();
    expect(setup.logs()).toMatch(/Catalogue images: stopped at \d+ of \d+/);
    expect((await t.call('GET', `/api/storage/${missing!.relative}`)).status).toBe(200);
  });
});
