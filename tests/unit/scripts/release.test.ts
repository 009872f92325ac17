import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseDockerfile } from '../../helpers/dockerfile';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const RELEASE_SCRIPT = path.join(ROOT, 'scripts/release.mjs');
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A tiny repository laid out like ours (package.json, its lockfile, CHANGELOG, both migration folders, the Dockerfile). */
function fixtureRepo() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-release-'));
  made.push(dir);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
  git('init', '--quiet', '--initial-branch=main');
  // The machine's own git settings (signing, hooks) are not the test's business.
  for (const [key, value] of [
    ['user.name', 'Release Test'],
    ['user.email', 'release@example.com'],
    ['commit.gpgsign', 'false'],
    ['tag.gpgsign', 'false'],
    ['core.hooksPath', '/dev/null'],
  ])
    git('config', key, value);
  write(
    'package.json',
    `${JSON.stringify({ name: 'lootboard', version: '1.2.3', private: true, scripts: { build: 'node build.mjs' } }, null, 2)}\n`,
  );
  write(
    'package-lock.json',
    `${JSON.stringify({ name: 'lootboard', version: '1.2.3', lockfileVersion: 3, requires: true, packages: { '': { name: 'lootboard', version: '1.2.3' }, 'node_modules/zod': { version: '4.0.0' } } }, null, 2)}\n`,
  );
  write(
    'Dockerfile',
    'ARG VERSION=1.2.3\nFROM node:22-bookworm-slim AS runtime\nARG VERSION\nLABEL org.opencontainers.image.version="${VERSION}"\n',
  );
  write('api/db/migrations/0000_init.sql', 'CREATE TABLE boards (id integer);\n');
  write('api/db/migrations-pg/0000_init.sql', 'CREATE TABLE boards (id serial);\n');
  write('api/db/migrations/meta/_journal.json', '{}\n');
  write(
    'CHANGELOG.md',
    '# Changelog\n\n## Unreleased\n\n## [1.2.3] - 2026-11-01\n\nAdds migrations: SQLite `0000_init.sql`.\n\n- The first.\n',
  );
  git('add', '.');
  git('commit', '--quiet', '-m', 'First');
  git('tag', '--annotate', 'v1.2.3', '-m', 'Loot 1.2.3');
  const release = (...args: string[]) => {
    const run = spawnSync(process.execPath, [RELEASE_SCRIPT, ...args], { cwd: dir, encoding: 'utf8' });
    return { status: run.status, out: run.stdout + run.stderr };
  };
  return { dir, git, write, read, release };
}

describe('npm run release', () => {
  it('moves Unreleased under the new version with the migrations added since the last tag, commits and tags; then a release without any', () => {
    const repo = fixtureRepo();
    repo.write('api/db/migrations/0001_team_boards.sql', 'CREATE TABLE board_members (id integer);\n');
    repo.write('api/db/migrations-pg/0001_team_boards.sql', 'CREATE TABLE board_members (id serial);\n');
    repo.write('api/db/migrations/meta/_journal.json', '{"entries":1}\n');
    repo.write(
      'CHANGELOG.md',
      repo.read('CHANGELOG.md').replace('## Unreleased\n', '## Unreleased\n\n### Added\n\n- Team boards.\n'),
    );
    repo.git('add', '.');
    repo.git('commit', '--quiet', '-m', 'Team boards');

    const minor = repo.release('minor', '--date', '2026-12-02');
    expect(minor.status, minor.out).toBe(0);
    expect(minor.out).toContain('Nothing is pushed');
    expect(repo.read('CHANGELOG.md')).toBe(
      '# Changelog\n\n## Unreleased\n\n## [1.3.0] - 2026-12-02\n\n' +
        'Adds migrations: SQLite `0001_team_boards.sql`; PostgreSQL `0001_team_boards.sql` (since v1.2.3).\n\n' +
        '### Added\n\n- Team boards.\n\n' +
        '## [1.2.3] - 2026-11-01\n\nAdds migrations: SQLite `0000_init.sql`.\n\n- The first.\n',
    );
    expect(JSON.parse(repo.read('package.json')).version).toBe('1.3.0');
    const lock = JSON.parse(repo.read('package-lock.json'));
    expect([lock.version, lock.packages[''].version, lock.packages['node_modules/zod'].version]).toEqual([
      '1.3.0',
      '1.3.0',
      '4.0.0',
    ]);
    expect(repo.read('Dockerfile')).toMatch(/^ARG VERSION=1\.3\.0$/m);
    // An annotated tag on the release commit, which holds every file it wrote: nothing is left uncommitted.
    expect(repo.git('cat-file', '-t', 'v1.3.0')).toBe('tag');
    expect(repo.git('rev-parse', 'v1.3.0^{commit}')).toBe(repo.git('rev-parse', 'HEAD'));
    expect(repo.git('log', '-1', '--format=%s')).toBe('Release 1.3.0');
    expect(repo.git('tag', '--list', '--format=%(contents)', 'v1.3.0')).toContain(
      'Adds migrations: SQLite `0001_team_boards.sql`',
    );
    expect(repo.git('status', '--porcelain')).toBe('');
    expect(repo.git('show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual([
      'CHANGELOG.md',
      'Dockerfile',
      'package-lock.json',
      'package.json',
    ]);
    expect(repo.git('remote')).toBe('');

    // The next release adds no migration (a journal's change is not one), and says so.
    repo.write(
      'CHANGELOG.md',
      repo.read('CHANGELOG.md').replace('## Unreleased\n', '## Unreleased\n\n### Fixed\n\n- A typo.\n'),
    );
    repo.git('commit', '--quiet', '-am', 'Fix');
    const patch = repo.release('patch', '--date', '2026-12-03');
    expect(patch.status, patch.out).toBe(0);
    expect(repo.read('CHANGELOG.md')).toContain(
      '## Unreleased\n\n## [1.3.1] - 2026-12-03\n\nAdds migrations: none (since v1.3.0).\n\n### Fixed\n\n- A typo.\n\n## [1.3.0] - 2026-12-02\n',
    );
    expect(repo.git('tag', '--list', 'v*').split('\n')).toEqual(['v1.2.3', 'v1.3.0', 'v1.3.1']);
  });

  it('refuses a dirty tree, an empty Unreleased section, a version that is not later, and an unknown bump, changing nothing', () => {
    const repo = fixtureRepo();
    const head = repo.git('rev-parse', 'HEAD');

    const empty = repo.release('patch');
    expect(empty.status).toBe(1);
    expect(empty.out).toContain('Unreleased section is empty');

    repo.write('CHANGELOG.md', repo.read('CHANGELOG.md').replace('## Unreleased\n', '## Unreleased\n\n- Something.\n'));
    const dirty = repo.release('patch');
    expect(dirty.status).toBe(1);
    expect(dirty.out).toContain('uncommitted changes');
    expect(dirty.out).toContain('CHANGELOG.md');
    repo.git('commit', '--quiet', '-am', 'Something');

    const backwards = repo.release('1.2.0');
    expect([backwards.status, backwards.out]).toEqual([1, 'release: 1.2.0 is not after the current version 1.2.3.\n']);
    const unknown = repo.release('bigger');
    expect(unknown.status).toBe(1);
    expect(unknown.out).toContain('Usage: npm run release -- <patch|minor|major|x.y.z>');

    expect(JSON.parse(repo.read('package.json')).version).toBe('1.2.3');
    expect(repo.git('tag', '--list', 'v*')).toBe('v1.2.3');
    expect(repo.git('rev-parse', 'HEAD^')).toBe(head);
    expect(repo.git('status', '--porcelain')).toBe('');

    // An explicit version works once the tree is clean.
    const explicit = repo.release('2.0.0', '--date', '2026-12-04');
    expect(explicit.status, explicit.out).toBe(0);
    expect(repo.read('CHANGELOG.md')).toContain(
      '## [2.0.0] - 2026-12-04\n\nAdds migrations: none (since v1.2.3).\n\n- Something.\n',
    );
  });
});

describe('the image says which release it is', () => {
  const dockerfile = parseDockerfile(fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
  const runtime = dockerfile.stage('runtime');

  it("labels the runtime image with the OCI keys, its version defaulting to package.json's", () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(runtime.labels).toMatchObject({
      'org.opencontainers.image.title': 'Loot',
      'org.opencontainers.image.version': version,
      'org.opencontainers.image.revision': 'unknown',
      'org.opencontainers.image.created': 'unknown',
      'org.opencontainers.image.licenses': 'MIT',
    });
    expect(Object.keys(runtime.labels)).toContain('org.opencontainers.image.source');
    expect(fs.readFileSync(path.join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  });

  it('builds both stages on one base image, pinned by digest', () => {
    expect(dockerfile.stages.map((stage) => stage.from)).toEqual([runtime.from, runtime.from]);
    expect(runtime.from).toMatch(/^node:22\.\d+\.\d+-bookworm-slim@sha256:[0-9a-f]{64}$/);
    expect(runtime.labels['org.opencontainers.image.base.name']).toBe(runtime.from);
  });

  it('compose runs pinned images only: a release tag and its digest, never a moving tag', () => {
    const compose = parse(fs.readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8'), { merge: true }) as {
      services: Record<string, { image?: string; build?: unknown }>;
    };
    const pulled = Object.entries(compose.services).filter(([, service]) => service.build === undefined);
    expect(pulled.map(([name]) => name).sort()).toEqual(['bucket', 'minio', 'postgres', 'proxy']);
    for (const [name, { image }] of pulled) {
      const tag = /^[^:@]+(?::([^@]+))?@sha256:[0-9a-f]{64}$/.exec(image ?? '');
      expect(tag, `${name}: ${image}`).not.toBeNull();
      // A version with its patch level or a dated release, not `2`, `16-bookworm` or `latest`.
      expect(tag![1], `${name}: ${image}`).toMatch(
        /^(\d+\.\d+\.\d+(-\w+)?|RELEASE\.\d{4}-\d{2}-\d{2}T[\d-]+Z|\d+\.\d+-bookworm)$/,
      );
    }
  });
});
