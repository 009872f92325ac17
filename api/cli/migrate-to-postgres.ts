import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../config';
import { migrateToPostgres, type MigrateReport } from '../db/migrate-to-postgres';
import { runCli } from './run-cli';

/**
 * DATABASE_URL=postgres://… npm run db:migrate-to-postgres -- --from ./data/loot.db [--batch 1000]
 * Copies an existing SQLite install into the PostgreSQL database DATABASE_URL names: migrations first,
 * every table in foreign-key order with its ids, sequences moved past them, row counts checked at the end.
 * Idempotent: a second run copies nothing. Exit code 0 when every table's count matches, 1 otherwise.
 */
const USAGE = 'Usage: DATABASE_URL=postgres://… npm run db:migrate-to-postgres -- --from ./data/loot.db [--batch 1000]';

export function formatMigrateReport(report: MigrateReport, seconds: number): string {
  const lines = report.tables.map(
    (t) =>
      `  ${t.table.padEnd(24)} ${String(t.sqlite).padStart(9)} ${String(t.postgres).padStart(11)} ${String(t.copied).padStart(8)}`,
  );
  const copied = report.tables.reduce((sum, t) => sum + t.copied, 0);
  const out = [
    `  ${'table'.padEnd(24)} ${'SQLite'.padStart(9)} ${'PostgreSQL'.padStart(11)} ${'copied'.padStart(8)}`,
    ...lines,
  ];
  out.push(
    `${copied} rows copied in ${seconds.toFixed(1)} s, ${report.sequences} sequences moved past the copied ids.`,
  );
  if (report.ok) out.push(`Row counts match in all ${report.tables.length} tables.`);
  else {
    out.push(`Row counts differ in ${report.mismatches.length} tables:`);
    for (const t of report.mismatches)
      out.push(`  ${t.table}: ${t.sqlite} rows in SQLite, ${t.postgres} in PostgreSQL`);
    out.push(
      'The PostgreSQL database held rows that are not in the SQLite file (or lost some): migrate into an empty database.',
    );
  }
  return out.join('\n');
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, batch: { type: 'string' } } });
  if (!values.from) {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error(`DATABASE_URL must name the PostgreSQL database to copy into.\n${USAGE}`);
    return 1;
  }
  const batchSize = values.batch === undefined ? undefined : Number(values.batch);
  if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0)) {
    console.error(`--batch must be a positive whole number.\n${USAGE}`);
    return 1;
  }
  const bar = new cliProgress.SingleBar(
    { format: 'Copying {table} |{bar}| {percentage}% · {value}/{total} rows', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  const began = performance.now();
  try {
    const report = await migrateToPostgres({
      // npm runs scripts from the package's folder; a relative --from means the folder the user typed it in.
      from: path.resolve(process.env.INIT_CWD ?? process.cwd(), values.from),
      databaseUrl: config.DATABASE_URL,
      batchSize,
      onProgress: (table, done, total) => {
        if (!started) {
          bar.start(total, done, { table });
          started = true;
        }
        bar.update(done, { table });
      },
    });
    if (started) bar.stop();
    const text = formatMigrateReport(report, (performance.now() - began) / 1000);
    if (report.ok) console.log(text);
    else console.error(text);
    return report.ok ? 0 : 1;
  } finally {
    if (started) bar.stop();
  }
}

runCli(main);
