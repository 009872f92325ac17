import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogueDir, type CatalogueData } from '../../api/catalogue/catalogue-files';
import { planCatalogue, type CataloguePlan } from '../../api/catalogue/catalogue-plan';
import { seedDemoCatalogue, type SeedResult } from '../../api/catalogue/seed-demo';
import { openDatabase, type Db } from '../../api/db/client';
import { STORAGE_VARIANT_WIDTHS } from '#shared/image-urls';
import { FEATURE_TAXONOMY, GENRES, TIERS } from '#shared/taxonomy';

/**
 * The shipped demo catalogue (assets/catalogue) as a designer would judge it, and the images it needs, drawn into
 * the storage folder the e2e servers share (so this run also warms theirs; names are content hashes, so a folder
 * left by an earlier run can only hold the right pictures).
 */
const storageDir = process.env.LOOT_E2E_STORAGE_DIR ?? path.join(os.tmpdir(), 'loot-e2e-storage');

describe('demo catalogue integrity', () => {
  let data: CatalogueData;
  let problems: ReturnType<typeof readCatalogueDir>['problems'];
  let plan: CataloguePlan;
  let dir: string;
  let db: Db;
  let seeded: SeedResult;

  beforeAll(async () => {
    ({ data, problems } = readCatalogueDir());
    plan = planCatalogue(data);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-integrity-'));
    db = openDatabase(path.join(dir, 'loot.db'));
    seeded = await seedDemoCatalogue({ db, storage: storageDir });
  }, 600_000);
  afterAll(() => {
    db?.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('every entry of every file is valid and kept (tags in the taxonomy, games known, no duplicates, collections complete)', () => {
    expect(problems).toEqual([]);
  });

  it('has at least 40 games, each in one of the 9 genres with one of its sub-genres, a tier and a store link', () => {
    expect(data.games.length).toBeGreaterThanOrEqual(40);
    for (const game of data.games) {
      const subs = (GENRES as Record<string, readonly string[]>)[game.genre];
      expect(subs, game.name).toBeDefined();
      expect(subs, `${game.name}: ${game.subgenre}`).toContain(game.subgenre);
      expect(TIERS).toContain(game.tier);
      expect(game.storeUrl).toMatch(/^https:\/\//);
    }
    expect(new Set(data.games.map((g) => g.genre)).size).toBe(Object.keys(GENRES).length);
  });

  it('has at least 400 features covering all 13 feature-search categories', () => {
    expect(data.features.length).toBeGreaterThanOrEqual(400);
    const categories = new Set(data.features.map((f) => f.primary_tag));
    expect([...categories].sort()).toEqual(Object.keys(FEATURE_TAXONOMY).sort());
    for (const f of data.features) {
      const subs = (FEATURE_TAXONOMY as Record<string, readonly string[]>)[f.primary_tag];
      expect(subs, `${f.game} / ${f.feature_screen_name}`).toContain(f.secondary_tag);
    }
  });

  it('describes each feature in one or two sentences and 60–150 words of markdown', () => {
    for (const f of data.features) {
      const label = `${f.game} / ${f.feature_screen_name}`;
      const sentences = f.short_description.split(/(?<=[.!?])\s+/).filter(Boolean).length;
      expect(sentences, `${label}: short_description`).toBeLessThanOrEqual(3);
      const words = f.detailed_description.split(/\s+/).filter(Boolean).length;
      expect(words, `${label}: detailed_description has ${words} words`).toBeGreaterThanOrEqual(60);
      expect(words, `${label}: detailed_description has ${words} words`).toBeLessThanOrEqual(150);
      expect(f.detailed_description.toLowerCase(), label).not.toContain('lorem');
    }
  });

  it('has at least 12 collections in at least 4 categories, some pro and some new, each 2–5 sections and 6–20 features', () => {
    expect(data.collections.length).toBeGreaterThanOrEqual(12);
    expect(new Set(data.collections.map((c) => c.category)).size).toBeGreaterThanOrEqual(4);
    expect(data.collections.some((c) => c.type === 'pro')).toBe(true);
    expect(data.collections.some((c) => c.type === 'free')).toBe(true);
    expect(data.collections.some((c) => c.new === 1)).toBe(true);
    for (const c of data.collections) {
      const count = c.sections.reduce((n, s) => n + s.features.length, 0);
      expect(c.sections.length, c.slug).toBeGreaterThanOrEqual(2);
      expect(c.sections.length, c.slug).toBeLessThanOrEqual(5);
      expect(count, c.slug).toBeGreaterThanOrEqual(6);
      expect(count, c.slug).toBeLessThanOrEqual(20);
    }
  });

  it('loads into the database in full', () => {
    expect(seeded.counts).toEqual({
      games: data.games.length,
      features: data.features.length,
      collections: data.collections.length,
      removed: 0,
    });
    const n = (sql: string) => (db.$client.prepare(sql).get() as { n: number }).n;
    expect(n('select count(*) n from features')).toBe(data.features.length);
    expect(n('select count(*) n from collection_items')).toBe(
      data.collections.reduce((s, c) => s + c.sections.reduce((k, x) => k + x.features.length, 0), 0),
    );
  });

  it('every referenced image exists after generation, with its variants, and collection covers are 16:9', async () => {
    expect(seeded.images.done).toBe(seeded.images.total);
    const rows = db.$client.prepare('select screenshots from features').all() as { screenshots: string }[];
    let checked = 0;
    for (const { screenshots } of rows) {
      const slots = JSON.parse(screenshots) as { path: string }[];
      expect(slots.length).toBeGreaterThanOrEqual(1);
      expect(slots.length).toBeLessThanOrEqual(5);
      for (const slot of slots) {
        const relative = slot.path.replace(/^static\//, '');
        expect(fs.existsSync(path.join(storageDir, relative)), relative).toBe(true);
        for (const w of STORAGE_VARIANT_WIDTHS)
          expect(fs.existsSync(path.join(storageDir, `w/${w}`, relative)), `w/${w}/${relative}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBe(plan.screens.length);
    for (const cover of db.$client.prepare('select image_url u from collections').all() as { u: string }[]) {
      const meta = await sharp(path.join(storageDir, cover.u.replace(/^\/api\/storage\//, ''))).metadata();
      expect([meta.width, meta.height]).toEqual([1280, 720]);
    }
  });

  it("draws each game's screens in its orientation", async () => {
    const firstScreenOfGame = new Map<string, { relative: string; orientation: string }>();
    for (const job of plan.screens)
      if (!firstScreenOfGame.has(job.game.name))
        firstScreenOfGame.set(job.game.name, { relative: job.relative, orientation: job.game.orientation });
    for (const [game, { relative, orientation }] of firstScreenOfGame) {
      const meta = await sharp(path.join(storageDir, relative)).metadata();
      expect([meta.format, meta.width, meta.height], game).toEqual(
        orientation === 'vertical' ? ['webp', 720, 1280] : ['webp', 1280, 720],
      );
    }
  });
});
