// npm run release -- <patch|minor|major|x.y.z> [--since <ref>] [--date YYYY-MM-DD]
// Cuts a release in the local repository (README: Upgrades): the version in package.json, its lockfile and the
// Dockerfile's VERSION default; CHANGELOG.md's "Unreleased" section becomes "## [x.y.z] - date", opened by the
// migrations this release adds since the previous tag; one commit and an annotated tag vX.Y.Z. Nothing is pushed:
// the operator's rollback point is the tag, so it is made only from a clean, committed tree.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** The migration folders a release reports on, each with the name CHANGELOG gives it. */
const MIGRATION_FOLDERS = [
  { dir: 'api/db/migrations', name: 'SQLite' },
  { dir: 'api/db/migrations-pg', name: 'PostgreSQL' },
];
const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;
const USAGE = 'Usage: npm run release -- <patch|minor|major|x.y.z> [--since <ref>] [--date YYYY-MM-DD]';

class ReleaseError extends Error {}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { since: { type: 'string' }, date: { type: 'string' } },
  });
  if (positionals.length !== 1) throw new ReleaseError(USAGE);
  const root = git(['rev-parse', '--show-toplevel'], process.cwd());
  const run = (...args) => git(args, root);
  const file = (name) => path.join(root, name);

  const dirty = run('status', '--porcelain');
  if (dirty)
    throw new ReleaseError(
      `The working tree has uncommitted changes; commit them first, so the tag is what was tested:\n${dirty}`,
    );

  const pkg = JSON.parse(fs.readFileSync(file('package.json'), 'utf8'));
  const version = nextVersion(pkg.version, positionals[0]);
  const tag = `v${version}`;
  if (run('tag', '--list', tag)) throw new ReleaseError(`The tag ${tag} exists already.`);
  const date = values.date ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new ReleaseError(`--date: expected YYYY-MM-DD, got ${date}`);

  // The previous release: --since, else the newest v* tag reachable from here; none on the first tagged release.
  const since =
    values.since ?? (run('tag', '--list', 'v*', '--merged', 'HEAD', '--sort=-v:refname').split('\n')[0] || null);
  const migrations = addedMigrations(run, since);

  const changelog = fs.readFileSync(file('CHANGELOG.md'), 'utf8');
  const entry = releaseEntry(changelog, { version, date, migrations, since });

  fs.writeFileSync(file('CHANGELOG.md'), entry.changelog);
  fs.writeFileSync(file('package.json'), setTopVersion(fs.readFileSync(file('package.json'), 'utf8'), version));
  const changed = ['CHANGELOG.md', 'package.json'];
  if (fs.existsSync(file('package-lock.json'))) {
    const lock = JSON.parse(fs.readFileSync(file('package-lock.json'), 'utf8'));
    lock.version = version;
    if (lock.packages?.['']) lock.packages[''].version = version;
    fs.writeFileSync(file('package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
    changed.push('package-lock.json');
  }
  // An image built without --build-arg VERSION is still labelled with the release it was built from.
  if (fs.existsSync(file('Dockerfile'))) {
    const dockerfile = fs.readFileSync(file('Dockerfile'), 'utf8');
    const labelled = dockerfile.replace(/^ARG VERSION=.*$/m, `ARG VERSION=${version}`);
    if (labelled !== dockerfile) {
      fs.writeFileSync(file('Dockerfile'), labelled);
      changed.push('Dockerfile');
    }
  }

  run('add', '--', ...changed);
  run('commit', '--quiet', '-m', `Release ${version}`, '-m', entry.text);
  run('tag', '--annotate', tag, '-m', `Loot ${version} (${date})`, '-m', entry.text);
  console.log(
    `Released ${version}: commit ${run('rev-parse', '--short', 'HEAD')}, tag ${tag}. ${migrationLine(migrations)}`,
  );
  console.log(`Nothing is pushed. To publish: git push origin HEAD ${tag}`);
  console.log(
    `Image: docker build --build-arg VERSION=${version} --build-arg REVISION=$(git rev-parse HEAD) --build-arg CREATED=$(date -u +%Y-%m-%dT%H:%M:%SZ) -t loot:${version} .`,
  );
}

function git(args, cwd) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** The version after `current` for a bump (patch, minor, major) or an explicit x.y.z, which must be greater. */
function nextVersion(current, bump) {
  const now = SEMVER.exec(current ?? '');
  if (!now) throw new ReleaseError(`package.json's version is not x.y.z: ${current}`);
  const [major, minor, patch] = now.slice(1).map(Number);
  const next =
    bump === 'major'
      ? `${major + 1}.0.0`
      : bump === 'minor'
        ? `${major}.${minor + 1}.0`
        : bump === 'patch'
          ? `${major}.${minor}.${patch + 1}`
          : bump;
  const parts = SEMVER.exec(next);
  if (!parts) throw new ReleaseError(`${USAGE}\n(${bump} is neither a bump nor a version x.y.z)`);
  const order = parts.slice(1).map(Number);
  const later = order[0] - major || order[1] - minor || order[2] - patch;
  if (later <= 0) throw new ReleaseError(`${next} is not after the current version ${current}.`);
  return next;
}

/** The migration files added since `since` (every one when there is no previous release), by folder. */
function addedMigrations(run, since) {
  return MIGRATION_FOLDERS.map(({ dir, name }) => {
    const listed = since
      ? run('diff', '--name-only', '--diff-filter=A', since, 'HEAD', '--', dir)
      : run('ls-files', '--', dir);
    const files = listed
      .split('\n')
      .filter((p) => p && path.posix.dirname(p) === dir && p.endsWith('.sql'))
      .map((p) => path.posix.basename(p))
      .sort();
    return { name, files };
  });
}

/** The line every release entry opens with: rolling upgrades across it are safe only when it says none. */
function migrationLine(migrations) {
  const added = migrations.filter((m) => m.files.length > 0);
  if (added.length === 0) return 'Adds migrations: none.';
  return `Adds migrations: ${added.map((m) => `${m.name} ${m.files.map((f) => `\`${f}\``).join(', ')}`).join('; ')}.`;
}

/** CHANGELOG with its Unreleased section moved under the new version's heading, and that entry's text. */
function releaseEntry(changelog, { version, date, migrations, since }) {
  const heading = /^## Unreleased[ \t]*\n/m.exec(changelog);
  if (!heading) throw new ReleaseError('CHANGELOG.md has no "## Unreleased" section to release.');
  const start = heading.index + heading[0].length;
  const next = changelog.slice(start).search(/^## /m);
  const end = next < 0 ? changelog.length : start + next;
  const body = changelog.slice(start, end).trim();
  if (!body) throw new ReleaseError("CHANGELOG.md's Unreleased section is empty: say what this release changes first.");
  const from = since ? ` (since ${since})` : ' (the first tagged release: every migration)';
  const text = `${migrationLine(migrations).replace(/\.$/, from + '.')}\n\n${body}`;
  const released = `## Unreleased\n\n## [${version}] - ${date}\n\n${text}\n\n`;
  return { changelog: changelog.slice(0, heading.index) + released + changelog.slice(end), text };
}

/** package.json with its own "version" (the first, top-level one) set, the rest of the file as it was. */
function setTopVersion(text, version) {
  const replaced = text.replace(/^(\s{2}"version":\s*")[^"]*(")/m, `$1${version}$2`);
  if (replaced === text && !text.includes(`"version": "${version}"`))
    throw new ReleaseError('package.json has no top-level "version" to set.');
  return replaced;
}

try {
  main();
} catch (err) {
  if (!(err instanceof ReleaseError)) throw err;
  console.error(`release: ${err.message}`);
  process.exit(1);
}
