import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueImagesInBackground } from '../../api/catalogue/catalogue-at-start';
import { planCatalogue, type CataloguePlan } from '../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../api/catalogue/load-catalogue';
import { createLogger } from '../../api/ops/log';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { fixtureCatalogue } from '../unit/catalogue/fixture-catalogue';

/**
 * Exports right after a first start (README: first start): the catalogue's rows are in, its images are not drawn
 * yet and the background run has not reached them. An export asks for the images it needs as a page does, and
 * each is drawn at once; the rest of the catalogue stays undrawn.
 */

/** The catalogue screenshots drawn so far (variants under w/ left out). */
const drawnScreenshots = (storageDir: string) =>
  (fs.existsSync(storageDir) ? fs.readdirSync(storageDir, { recursive: true }) : [])
    .map(String)
    .filter((f) => f.startsWith('catalogue') && f.endsWith('.webp'));

describe('exports while the catalogue images are still to be drawn', () => {
  let t: TestApp;
  let plan: CataloguePlan;
  let cookie: string;
  let boardId: number;
  let wanted: string[];

  beforeAll(async () => {
    t = await createTestApp();
    plan = planCatalogue(fixtureCatalogue());
    await loadCatalogue(t.db, plan);
    const quiet = Object.assign(new PassThrough(), { isTTY: false }) as unknown as NodeJS.WriteStream;
    // Made and never started: as on a first start before the background run gets to these images.
    t.deps.catalogueImages = catalogueImagesInBackground(
      plan,
      t.deps.storage,
      createLogger({ destination: new PassThrough() }),
      quiet,
    );
    ({ cookie } = await t.signIn(undefined, { planId: 2 }));
    const board = await (await t.call('POST', '/api/boards', { cookie, json: { title: 'First start' } })).json();
    boardId = board.id;
    wanted = plan.screens.slice(0, 3).map((s) => s.relative);
    for (const [i, relative] of wanted.entries()) {
      const res = await t.call('POST', '/api/cards', {
        cookie,
        json: { boardId, title: `Catalogue card ${i}`, images: [`/api/storage/${relative}`] },
      });
      expect(res.status).toBe(201);
    }
    expect(plan.screens.length).toBeGreaterThan(wanted.length);
    expect(drawnScreenshots(t.config.storageDir)).toEqual([]);
  });
  afterAll(() => t.close());

  it('the Markdown brief lists and holds every card image, and only those images were drawn', async () => {
    const res = await t.call('GET', `/api/boards/${boardId}/export?format=md`, { cookie });
    expect(res.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const brief = strFromU8(entries['brief.md']);
    const linked = [...brief.matchAll(/\]\((images\/[^)]+)\)/g)].map((m) => m[1]);
    expect(linked).toHaveLength(wanted.length);
    for (const file of linked) expect(entries[file]?.length, file).toBeGreaterThan(1000);
    expect(drawnScreenshots(t.config.storageDir).sort()).toEqual([...wanted].sort());
  });

  it('the PDF embeds every card image', async () => {
    // A fresh set of images, so this export is the one that draws them.
    const others = plan.screens.slice(3, 5).map((s) => s.relative);
    const section = await (
      await t.call('POST', '/api/sections', {
        cookie,
        json: { boardId, title: 'Later', color: '#FDE2E4', position: { x: 0, y: 2000 } },
      })
    ).json();
    for (const [i, relative] of others.entries())
      await t.call('POST', '/api/cards', {
        cookie,
        json: { boardId, sectionId: section.id, title: `Later card ${i}`, images: [`/api/storage/${relative}`] },
      });
    for (const relative of others) expect(fs.existsSync(path.join(t.config.storageDir, relative))).toBe(false);

    const res = await t.call('GET', `/api/boards/${boardId}/export?format=pdf&sectionId=${section.id}`, { cookie });
    expect(res.status).toBe(200);
    const file = path.join(t.dir, 'later.pdf');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    // pdfimages -list: two header lines, then one line per image drawn on a page.
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(images).toHaveLength(others.length);
    for (const relative of others) expect(fs.existsSync(path.join(t.config.storageDir, relative))).toBe(true);
  });
});
