import { lockNames, withTransaction } from '../../db/transaction';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client';
import { featuresRepo } from '../../db/repositories/features.repo';
import { gamesRepo } from '../../db/repositories/games.repo';
import { imageContentType, isResizable } from '../../storage/content-types';
import { localObjectStore, type ObjectStore } from '../../storage/object-store';
import { ensureVariants } from '../../storage/variants';
import { slugify, toStoragePath } from '../catalogue-plan';
import { readImportSource } from './read-source';
import { KNOWN_COLUMNS, REQUIRED_COLUMNS, validateRow, type ValidRow } from './validate-row';

/**
 * `npm run catalogue:import -- <file.csv|file.json> [--images <dir>]`: checks every row first; if any row is
 * refused nothing is written and the report lists each refused row with its line and reasons. Otherwise local
 * images are copied into storage (content-addressed, with their 96/320 px variants) and every row is written in
 * one transaction: unknown games are created, features are upserted by (game, feature_screen_name), so
 * importing the same file again updates rows and never duplicates them.
 */
export type ImportPhase = 'checking' | 'images' | 'writing';
export type ImportOptions = {
  db: Db;
  storageDir: string;
  /** The store images go to; the local folder storageDir when absent. */
  store?: ObjectStore;
  file: string;
  imagesDir?: string;
  onProgress?: (phase: ImportPhase, done: number, total: number) => void;
};
export type RejectedRow = { line: number; reasons: string[] };
export type ImportReport = {
  ok: boolean;
  /** 'line' for CSV (the row's first line in the file), 'item' for JSON (1-based position in the array). */
  lineLabel: 'line' | 'item';
  rows: number;
  created: number;
  updated: number;
  gamesCreated: number;
  imagesCopied: number;
  rejected: RejectedRow[];
  ignoredColumns: string[];
};

export async function importCatalogue(options: ImportOptions): Promise<ImportReport> {
  const source = readImportSource(options.file);
  const report: ImportReport = {
    ok: false,
    lineLabel: source.lineLabel,
    rows: source.rows.length,
    created: 0,
    updated: 0,
    gamesCreated: 0,
    imagesCopied: 0,
    rejected: [],
    ignoredColumns: source.columns.filter((c) => c && !KNOWN_COLUMNS.includes(c)),
  };
  const missingColumns = REQUIRED_COLUMNS.filter((c) => !source.columns.includes(c));
  if (missingColumns.length && source.lineLabel === 'line') {
    report.rejected.push({ line: 1, reasons: [`the header lacks the column(s) ${missingColumns.join(', ')}`] });
    return report;
  }

  const findLocalImage = options.imagesDir ? localImageFinder(options.imagesDir) : undefined;
  const valid: ValidRow[] = [];
  const firstLineByKey = new Map<string, number>();
  source.rows.forEach((raw, i) => {
    const result = validateRow(raw, findLocalImage);
    if (!result.ok) report.rejected.push({ line: result.line, reasons: result.reasons });
    else {
      const key = `${result.row.gameName}\u0000${result.row.featureScreenName}`;
      const first = firstLineByKey.get(key);
      if (first !== undefined)
        report.rejected.push({
          line: raw.line,
          reasons: [`duplicates ${source.lineLabel} ${first} (same game_name and feature_screen_name)`],
        });
      else {
        firstLineByKey.set(key, raw.line);
        valid.push(result.row);
      }
    }
    if (i % 500 === 0 || i === source.rows.length - 1) options.onProgress?.('checking', i + 1, source.rows.length);
  });
  if (report.rejected.length) return report;

  report.imagesCopied = await copyLocalImages(
    valid,
    options.store ?? localObjectStore(options.storageDir),
    (done, total) => options.onProgress?.('images', done, total),
  );
  const counts = await writeRows(options.db, valid, (done) => options.onProgress?.('writing', done, valid.length));
  Object.assign(report, counts, { ok: true });
  return report;
}

/** Finds a row's local image under the --images folder: as written, or without its static/ prefix. */
function localImageFinder(imagesDir: string) {
  const root = path.resolve(imagesDir);
  return (p: string): string | null => {
    const bare = p.replace(/^\/+/, '');
    for (const candidate of [bare, bare.replace(/^static\//, '')]) {
      const full = path.resolve(root, candidate);
      if (!full.startsWith(root + path.sep)) continue;
      try {
        if (fs.statSync(full).isFile() && imageContentType(full)) return full;
      } catch {
        // not there; try the next form
      }
    }
    return null;
  };
}

/**
 * Copies each local image once into storage under imports/<content hash>/<name>, makes its variants, and points
 * the slot at it (static/imports/... → served at /api/storage/imports/...). The same picture imported twice lands
 * on the same path, so re-imports are idempotent and the immutable cache headers stay true.
 */
async function copyLocalImages(
  rows: ValidRow[],
  store: ObjectStore,
  progress: (done: number, total: number) => void,
): Promise<number> {
  const slots = rows.flatMap((r) => r.slots.filter((s) => s.localFile));
  const copied = new Map<string, string>();
  let count = 0;
  for (const [i, slot] of slots.entries()) {
    const file = slot.localFile!;
    let relative = copied.get(file);
    if (!relative) {
      const bytes = await fs.promises.readFile(file);
      const hash = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 20);
      const ext = path.extname(file).toLowerCase();
      relative = `imports/${hash}/${slugify(path.basename(file, path.extname(file)))}${ext}`;
      if (!(await store.has(relative))) {
        await store.put(relative, bytes);
        count++;
      }
      if (isResizable(relative)) await ensureVariants(store, relative, bytes);
      copied.set(file, relative);
    }
    slot.path = toStoragePath(relative);
    progress(i + 1, slots.length);
  }
  return count;
}

async function writeRows(
  db: Db,
  rows: ValidRow[],
  progress: (done: number) => void,
): Promise<{ created: number; updated: number; gamesCreated: number }> {
  return await withTransaction(db, async (tx) => {
    // The catalogue's one writer at a time (see loadCatalogue): the created/updated counts read here stay true.
    await lockNames(tx, ['catalogue']);
    const names = [...new Set(rows.map((r) => r.gameName))];
    const existingGames = new Map((await gamesRepo.listByNameChunked(tx, names)).map((g) => [g.name, g]));
    const newGames = names.filter((n) => !existingGames.has(n));
    const firstRowOf = new Map<string, ValidRow>();
    for (const r of rows) if (!firstRowOf.has(r.gameName)) firstRowOf.set(r.gameName, r);
    await gamesRepo.insertMissing(
      tx,
      newGames.map((name) => {
        const r = firstRowOf.get(name)!;
        return {
          name,
          genre: r.genre ?? 'Other',
          subgenre: r.subgenre ?? '',
          tier: r.tier ?? 'Casual',
          orientation: r.orientation ?? 'horizontal',
          storeUrl: r.gameLink,
        };
      }),
    );
    const gameIds = await gamesRepo.idsByName(tx, names);
    const orientationOf = new Map(
      names.map((n) => [n, existingGames.get(n)?.orientation ?? firstRowOf.get(n)!.orientation ?? 'horizontal']),
    );
    const existingKeys = await featuresRepo.idsByKey(tx, [...gameIds.values()]);
    let created = 0;
    const values = rows.map((r) => {
      const gameId = gameIds.get(r.gameName)!;
      if (!existingKeys.has(`${gameId}\u0000${r.featureScreenName}`)) created++;
      return {
        gameId,
        featureScreenName: r.featureScreenName,
        primaryTag: r.primaryTag,
        secondaryTag: r.secondaryTag,
        shortDescription: r.shortDescription,
        detailedDescription: r.detailedDescription,
        gameLink: r.gameLink,
        orientation: r.orientation ?? orientationOf.get(r.gameName)!,
        screenshots: r.slots.map((s) => ({ path: s.path, url: s.url })),
      };
    });
    const chunk = 1000;
    for (let i = 0; i < values.length; i += chunk) {
      await featuresRepo.upsertMany(tx, values.slice(i, i + chunk));
      progress(Math.min(values.length, i + chunk));
    }
    return { created, updated: rows.length - created, gamesCreated: newGames.length };
  });
}
