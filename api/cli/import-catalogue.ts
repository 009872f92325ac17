import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { importCatalogue, type ImportPhase, type ImportReport } from '../catalogue/importer/import-catalogue';
import { ImportFileError } from '../catalogue/importer/read-source';
import { loadConfig } from '../config';
import { closeConfiguredDatabase, openConfiguredDatabase } from '../db/open-database';
import { createObjectStore } from '../storage/storage-for';
import { runCli } from './run-cli';

/**
 * npm run catalogue:import -- <file.csv|file.json> [--images <dir>]
 * Imports a catalogue into the database of LOOT_DATA_DIR (default ./data) and its images into storage
 * (LOOT_STORAGE_URL's bucket, else LOOT_STORAGE_DIR, default <data>/storage). All or nothing: any refused row leaves the database untouched.
 * Exit code 0 when imported, 1 when rows were refused or the file could not be read.
 */
const PHASE_LABEL: Record<ImportPhase, string> = {
  checking: 'Checking rows',
  images: 'Copying images',
  writing: 'Writing rows',
};
const MAX_LISTED = 50;

export function formatReport(file: string, report: ImportReport): string {
  const lines: string[] = [];
  if (report.ok) {
    lines.push(
      `Imported ${report.rows} rows from ${file}: ${report.created} new, ${report.updated} updated, ${report.gamesCreated} new games, ${report.imagesCopied} images copied.`,
    );
  } else {
    lines.push(`Nothing was imported: ${report.rejected.length} of ${report.rows} rows in ${file} were refused.`);
    for (const r of report.rejected.slice(0, MAX_LISTED))
      lines.push(`  ${report.lineLabel} ${r.line}: ${r.reasons.join('; ')}`);
    if (report.rejected.length > MAX_LISTED) lines.push(`  ... and ${report.rejected.length - MAX_LISTED} more`);
  }
  if (report.ignoredColumns.length) lines.push(`Ignored columns: ${report.ignoredColumns.join(', ')}`);
  return lines.join('\n');
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { images: { type: 'string' } } });
  const file = positionals[0];
  if (!file) {
    console.error('Usage: npm run catalogue:import -- <file.csv|file.json> [--images <dir>]');
    return 1;
  }
  const config = loadConfig();
  const db = await openConfiguredDatabase(config);
  const bar = new cliProgress.SingleBar(
    { format: '{phase} |{bar}| {percentage}% · {value}/{total}', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let current: ImportPhase | null = null;
  try {
    const report = await importCatalogue({
      db,
      storageDir: config.storageDir,
      store: createObjectStore(config),
      file,
      imagesDir: values.images,
      onProgress: (phase, done, total) => {
        if (phase !== current) {
          if (current) bar.stop();
          current = phase;
          bar.start(total, 0, { phase: PHASE_LABEL[phase] });
        }
        bar.update(done);
      },
    });
    if (current) bar.stop();
    console.log(formatReport(file, report));
    return report.ok ? 0 : 1;
  } catch (err) {
    if (current) bar.stop();
    if (err instanceof ImportFileError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await closeConfiguredDatabase(db);
  }
}

runCli(main);
