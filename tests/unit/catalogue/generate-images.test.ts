import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { planCatalogue } from '../../../api/catalogue/catalogue-plan';
import { generateCatalogueImages } from '../../../api/catalogue/generate-images';
import { fixtureCatalogue } from './fixture-catalogue';

const listFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));

describe('catalogue image generation', () => {
  let dir: string;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('draws every screenshot with its variants and every cover, and a second run draws nothing', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-gen-'));
    const plan = planCatalogue(fixtureCatalogue());
    const progress: number[] = [];
    const first = await generateCatalogueImages(plan, dir, { onProgress: (p) => progress.push(p.done) });
    expect(first).toEqual({
      done: plan.screens.length + plan.covers.length,
      total: plan.screens.length + plan.covers.length,
      drawn: plan.screens.length + plan.covers.length,
    });
    expect(progress[progress.length - 1]).toBe(first.total);
    for (const job of [...plan.screens, ...plan.covers]) {
      for (const rel of [job.relative, `w/96/${job.relative}`, `w/320/${job.relative}`])
        expect(fs.existsSync(path.join(dir, rel)), rel).toBe(true);
    }
    const variant = await sharp(path.join(dir, 'w/320', plan.screens[0].relative)).metadata();
    expect([variant.format, variant.width]).toEqual(['webp', 320]);
    const second = await generateCatalogueImages(plan, dir);
    expect(second.drawn).toBe(0);
  }, 60_000);

  it('two generators sharing one folder split the work, draw each image once and leave no temp or lock files', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-gen-'));
    const plan = planCatalogue(fixtureCatalogue());
    const [a, b] = await Promise.all([
      generateCatalogueImages(plan, dir, { concurrency: 2 }),
      generateCatalogueImages(plan, dir, { concurrency: 2 }),
    ]);
    expect(a.done).toBe(a.total);
    expect(b.done).toBe(b.total);
    expect(a.drawn + b.drawn).toBe(a.total);
    expect(listFiles(dir).filter((f) => f.endsWith('.tmp') || f.endsWith('.lock'))).toEqual([]);
  }, 60_000);

  it('takes over a job whose lock was left by a crashed process', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-gen-'));
    const plan = planCatalogue(fixtureCatalogue());
    const job = plan.screens[0];
    const lock = path.join(dir, `${job.relative}.lock`);
    fs.mkdirSync(path.dirname(lock), { recursive: true });
    fs.writeFileSync(lock, '');
    const old = new Date(Date.now() - 10 * 60_000);
    fs.utimesSync(lock, old, old);
    const result = await generateCatalogueImages({ screens: [job], covers: [] }, dir, { staleLockMs: 60_000 });
    expect(result).toEqual({ done: 1, total: 1, drawn: 1 });
    expect(fs.existsSync(path.join(dir, job.relative))).toBe(true);
    expect(fs.existsSync(lock)).toBe(false);
  }, 60_000);
});
