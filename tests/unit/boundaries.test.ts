import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of ARCHITECTURE.md, checked on the source text ("Keep it so"), beside the engine's own
 * boundary test (tests/unit/engine/engine-boundary.test.ts). Each rule names the files that break it, so a failure
 * says where the import or the query is.
 */

const repoRoot = path.resolve(__dirname, '../..');

function sources(dir: string): string[] {
  const abs = path.join(repoRoot, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(rel);
    return /\.(ts|tsx|mts|cts|js|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [rel] : [];
  });
}

type Import = { specifier: string; typeOnly: boolean; resolved: string | null };

/** package.json "imports" (#shared/*, #engine/*): an aliased import is checked as the file it names. */
const packageImports = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { imports: Record<string, string> }
).imports;

function resolveAlias(specifier: string): string | null {
  for (const [pattern, target] of Object.entries(packageImports)) {
    const star = pattern.indexOf('*');
    const matched =
      star < 0
        ? specifier === pattern
          ? ''
          : null
        : specifier.startsWith(pattern.slice(0, star))
          ? specifier.slice(star)
          : null;
    if (matched !== null) return path.posix.normalize(target.replace('*', matched)).replace(/\.ts$/, '');
  }
  return null;
}

/** Every module a file names: static imports and re-exports, side-effect imports, import() and new URL(…, import.meta.url). */
function importsOf(file: string): Import[] {
  const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const resolved = specifier.startsWith('.')
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
      : resolveAlias(specifier);
    found.push({ specifier, typeOnly, resolved });
  };
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm))
    add(m[3], Boolean(m[2]));
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) add(m[1], false);
  for (const m of text.matchAll(/new URL\(\s*['"](\.[^'"]+)['"]\s*,\s*import\.meta\.url/g)) add(m[1], false);
  return found;
}

const under = (resolved: string | null, folder: string) =>
  resolved !== null && (resolved === folder || resolved.startsWith(`${folder}/`));

/** Files breaking a rule, each with what breaks it. */
function offenders(files: string[], broken: (file: string) => string[]): string[] {
  return files.flatMap((file) => broken(file).map((why) => `${file}: ${why}`));
}

/**
 * The database layer: the repositories (the only code that queries) and what opens, describes and migrates the
 * database: client.ts (connection, pragmas, migrate, close), schema.ts (drizzle tables, read by drizzle-kit),
 * migrations/ and migrations-pg/ (generated SQL), schema.pg.ts (PostgreSQL's twin), postgres.ts and
 * postgres-migrate.ts (the pool, its transactions, migrations under the advisory lock), dialect.ts, transaction.ts and connection-gate.ts (the one transaction helper and the gate that
 * keeps other requests out of an open transaction) and seed-plans.ts (the plans table kept equal to shared/plans.ts at every start), migrate-to-postgres.ts (copies a SQLite install into PostgreSQL), fts5-bm25.ts (the
 * PostgreSQL statement that scores full-text hits with FTS5's bm25), sqlite-backup.ts (the copy `npm run db:backup`
 * takes of a running SQLite database).
 */
const DB_LAYER = [
  'api/db/repositories',
  'api/db/migrations',
  'api/db/client.ts',
  'api/db/connection-gate.ts',
  'api/db/transaction.ts',
  'api/db/dialect.ts',
  'api/db/postgres.ts',
  'api/db/postgres-migrate.ts',
  'api/db/open-database.ts',
  'api/db/migrations-pg',
  'api/db/schema.ts',
  'api/db/schema.pg.ts',
  'api/db/seed-plans.ts',
  'api/db/migrate-to-postgres.ts',
  'api/db/fts5-bm25.ts',
  'api/db/sqlite-backup.ts',
  'api/db/postgres-listen.ts',
];
const inDbLayer = (file: string) => DB_LAYER.some((p) => under(file, p));

describe('layer boundaries (ARCHITECTURE.md)', () => {
  const code = ['api', 'shared', 'web', 'engine'].flatMap(sources);

  it('only the database layer imports drizzle or better-sqlite3, reads the schema tables, or reaches the raw connection', () => {
    const outside = code.filter((f) => !inDbLayer(f));
    const bad = offenders(outside, (file) => {
      const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
      return [
        ...importsOf(file)
          .filter((i) => /^(drizzle-orm|better-sqlite3)(\/|$)/.test(i.specifier))
          .map((i) => `imports ${i.specifier}`),
        // Types of rows (Screenshot, …) may travel; the tables themselves are what queries are built from.
        ...importsOf(file)
          .filter((i) => !i.typeOnly && i.resolved !== null && /^api\/db\/schema(\.ts)?$/.test(i.resolved))
          .map(() => 'imports the schema tables'),
        ...(/\$client\b/.test(text) ? ['uses db.$client (raw SQL or a raw transaction)'] : []),
      ];
    });
    expect(bad).toEqual([]);
  });

  it('the database layer imports only itself and shared (types included: the dialect layer sits below services and search)', () => {
    // api/runtime-files.ts only says where the migrations are on disk (beside the sources, or copied into dist/).
    const bad = offenders(code.filter(inDbLayer), (file) =>
      importsOf(file)
        .filter(
          (i) =>
            i.resolved !== null &&
            !inDbLayer(i.resolved) &&
            !under(i.resolved, 'api/db') &&
            !under(i.resolved, 'shared') &&
            i.resolved !== 'api/runtime-files',
        )
        .map((i) => `imports ${i.specifier}`),
    );
    expect(bad).toEqual([]);
  });

  it('opens transactions in one place: api/db/transaction.ts (no drizzle transaction, no BEGIN anywhere else)', () => {
    const bad = offenders(
      // postgres.ts is transaction.ts's PostgreSQL half.
      sources('api').filter((f) => f !== 'api/db/transaction.ts' && f !== 'api/db/postgres.ts'),
      (file) => {
        const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
        const found: string[] = [];
        // `sqlite.transaction(fn)()` inside withSqlite is better-sqlite3's synchronous read snapshot, done before the
        // gate admits anyone else; every other `.transaction(` is a drizzle transaction that bypasses the helper.
        for (const m of text.matchAll(/(?<!sqlite)\.transaction\(/g))
          found.push(`line ${text.slice(0, m.index).split('\n').length}: .transaction( (use withTransaction)`);
        for (const m of text.matchAll(/(?:exec|prepare|run|sql|sql\.raw)\(?\s*['"`]\s*(begin|savepoint|commit)\b/gi))
          found.push(`line ${text.slice(0, m.index).split('\n').length}: raw ${m[1]}`);
        return found;
      },
    );
    expect(bad).toEqual([]);
  });

  it('the transaction helper opens SQLite transactions IMMEDIATE (a deferred one that reads, then writes fails with SQLITE_BUSY at once when another connection, a CLI’s or another process’s, committed in between)', () => {
    const text = fs.readFileSync(path.join(repoRoot, 'api/db/transaction.ts'), 'utf8');
    expect(text.match(/exec\('BEGIN[^']*'\)/g)).toEqual(["exec('BEGIN IMMEDIATE')"]);
  });

  it('repositories reach the raw SQLite connection only through the gated helpers of api/db/transaction.ts', () => {
    const bad = offenders(sources('api/db/repositories'), (file) =>
      /\$client\b/.test(fs.readFileSync(path.join(repoRoot, file), 'utf8'))
        ? ['uses db.$client (use withSqlite or sqliteInTransaction)']
        : [],
    );
    expect(bad).toEqual([]);
  });

  it("every write to a board's content goes through the board-operations service (one door, one log, one stream)", () => {
    // The repository calls that add, change or remove a board's cards and sections, or rename a board.
    const write =
      /\b(?:cardsRepo\.(?:insertOnBoard|updateOnBoard|toggleBookmarkOnBoard|deleteOnBoard|positionWriter)|sectionsRepo\.(?:insertOnBoard|updateOnBoard|deleteOnBoard|boxWriter)|boardWriterRepo\.(?:insertSections|insertSection|cardInserter|setSectionBox)|sectionLocksRepo\.storeDecision)\(/g;
    /**
     * Outside api/services/board-ops: boards written whole in the transaction that creates them (nobody can have them
     * open yet), and the free-plan lock's own decision, which the board write calls and which a plan change makes for
     * all of a user's boards (the screens then find a gap in the log and load the board again).
     */
    const newBoardsOnly = new Set([
      'api/services/demo-board.service.ts',
      'api/services/collections.service.ts',
      'api/services/section-lock.service.ts',
    ]);
    const bad = offenders(
      sources('api').filter((f) => !inDbLayer(f) && !f.startsWith('api/services/board-ops/') && !newBoardsOnly.has(f)),
      (file) =>
        [...fs.readFileSync(path.join(repoRoot, file), 'utf8').matchAll(write)].map(
          (m) => `calls ${m[0].slice(0, -1)}`,
        ),
    );
    expect(bad).toEqual([]);
    // The rule sees the calls it forbids: the door itself makes them.
    const door = sources('api/services/board-ops').flatMap((f) => [
      ...fs.readFileSync(path.join(repoRoot, f), 'utf8').matchAll(write),
    ]);
    expect(door.length).toBeGreaterThan(10);
  });

  it('a board write passes its transaction explicitly: inside one, nothing reaches deps.db', () => {
    const text = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
    // The ops themselves take the open write (`w.tx`), never the app's deps; board-write.ts opens the transaction,
    // apply-ops.ts hands it the batch, and changes-since.ts only reads, outside any. own-bookmarks.ts is no board
    // write (a bookmark is the person's own, no change, no log): it opens its own transaction, checked below.
    const opens = new Set([
      'api/services/board-ops/board-write.ts',
      'api/services/board-ops/apply-ops.ts',
      'api/services/board-ops/changes-since.ts',
      'api/services/board-ops/own-bookmarks.ts',
    ]);
    const bad = offenders(
      sources('api/services/board-ops').filter((f) => !opens.has(f)),
      (file) => (/\bdeps\b/.test(text(file)) ? ['takes deps (ops take the open write)'] : []),
    );
    const write = text('api/services/board-ops/board-write.ts');
    const inside = write.slice(
      write.indexOf('withTransaction(deps.db, async (tx) =>'),
      write.indexOf('} catch (err) {'),
    );
    expect(inside.length).toBeGreaterThan(500);
    if (/\bdeps\.db\b/.test(inside.slice('withTransaction(deps.db'.length)))
      bad.push('api/services/board-ops/board-write.ts: uses deps.db inside the transaction');
    const bookmarks = text('api/services/board-ops/own-bookmarks.ts');
    const opened = bookmarks.indexOf('withTransaction(deps.db, async (tx) =>');
    if (opened < 0) bad.push('api/services/board-ops/own-bookmarks.ts: opens no transaction');
    else if (/\bdeps\.db\b/.test(bookmarks.slice(opened + 'withTransaction(deps.db'.length)))
      bad.push('api/services/board-ops/own-bookmarks.ts: uses deps.db inside the transaction');
    expect(bad).toEqual([]);
  });

  it('web/data imports no component, page or flow', () => {
    const bad = offenders(sources('web/data'), (file) =>
      importsOf(file)
        .filter((i) => ['web/components', 'web/pages', 'web/flows'].some((folder) => under(i.resolved, folder)))
        .map((i) => `imports ${i.specifier}`),
    );
    expect(bad).toEqual([]);
  });

  it('components and pages make no API call of their own: HTTP goes through web/data', () => {
    // The storage-test page is the exception by design: it measures the network (spec accounts §2 /storage-test).
    const ui = [...sources('web/components'), ...sources('web/pages')].filter(
      (f) => !f.startsWith('web/components/storage-test/'),
    );
    const bad = offenders(ui, (file) =>
      importsOf(file)
        .filter((i) => i.resolved === 'web/data/api-client' && !i.typeOnly)
        .filter(() => /\bapiJson\s*\(/.test(fs.readFileSync(path.join(repoRoot, file), 'utf8')))
        .map((i) => `calls apiJson from ${i.specifier}`),
    );
    expect(bad).toEqual([]);
  });

  it("the web changes a board's content through one door, web/data/board-ops.ts: no other module writes to a card or section URL", () => {
    // Files are not JSON: an upload (multipart) and an image link (the server fetches it) keep their own routes,
    // whose server side writes through the same ops service; the reset flow unbookmarks cards of boards it deletes.
    const ownRoutes = new Set(['web/data/own-images.queries.ts', 'web/data/reset.ts']);
    const writes = /apiJson\(\s*'(POST|PATCH|PUT|DELETE)'\s*,\s*[`'"]\/api\/(cards|sections)\b/;
    const bad = offenders(
      sources('web').filter((f) => !ownRoutes.has(f)),
      (file) =>
        writes.test(fs.readFileSync(path.join(repoRoot, file), 'utf8'))
          ? ['writes a card or section URL (send ops: web/data/board-ops.ts)']
          : [],
    );
    expect(bad).toEqual([]);
  });

  it('shared imports nothing from web, api or engine', () => {
    const bad = offenders(sources('shared'), (file) =>
      importsOf(file)
        .filter((i) => ['web', 'api', 'engine'].some((folder) => under(i.resolved, folder)))
        .map((i) => `imports ${i.specifier}`),
    );
    expect(bad).toEqual([]);
  });

  it('engine imports no React (no react package, no .tsx file) and nothing from web or api', () => {
    const engine = sources('engine');
    const bad = [
      ...engine.filter((f) => f.endsWith('.tsx')).map((f) => `${f}: a .tsx file`),
      ...offenders(engine, (file) =>
        importsOf(file)
          .filter(
            (i) =>
              /^(react|react-dom|@tanstack\/react-[^/]+)(\/|$)/.test(i.specifier) ||
              under(i.resolved, 'web') ||
              under(i.resolved, 'api'),
          )
          .map((i) => `imports ${i.specifier}`),
      ),
    ];
    expect(bad).toEqual([]);
  });

  it('api imports nothing from web or engine (api and engine sit side by side, web above)', () => {
    const bad = offenders(sources('api'), (file) =>
      importsOf(file)
        .filter((i) => under(i.resolved, 'web') || under(i.resolved, 'engine'))
        .map((i) => `imports ${i.specifier}`),
    );
    expect(bad).toEqual([]);
  });

  it('reaches shared/ and engine/ from another folder through #shared/* and #engine/*, never a ../../ chain', () => {
    const top = (file: string) => file.split('/')[0];
    const bad = offenders(code.concat(sources('tests')), (file) =>
      importsOf(file)
        .filter(
          (i) =>
            i.specifier.startsWith('.') &&
            ['shared', 'engine'].some((folder) => folder !== top(file) && under(i.resolved, folder)),
        )
        .map((i) => `imports ${i.specifier}`),
    );
    expect(bad).toEqual([]);
  });

  it('finds the imports it checks (a parser that finds none would pass everything)', () => {
    expect(code.length).toBeGreaterThan(100);
    const repoImports = importsOf('api/services/share.service.ts').map((i) => i.resolved);
    expect(repoImports).toContain('api/db/repositories/share.repo');
    expect(importsOf('api/db/client.ts').map((i) => i.specifier)).toContain('drizzle-orm/better-sqlite3');
    expect(importsOf('web/data/feedback.queries.ts').some((i) => i.typeOnly)).toBe(true);
    // Aliased imports count as the files they name: a rule that saw them as packages would pass them all.
    expect(importsOf('api/services/share.service.ts').map((i) => i.resolved)).toContain('shared/messages/discovery');
    expect(resolveAlias('#engine')).toBe('engine/index');
  });
});
