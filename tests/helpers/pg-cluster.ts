import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A throwaway PostgreSQL cluster for tests: initdb in a temporary folder, the server listening only on
 * a unix socket in that folder, removed by stop(). initdb and postgres refuse to run as root, so under root they
 * run as the unprivileged `postgres` user (created if missing); otherwise as the current user.
 */
export type PgCluster = {
  /** A connection string for a new, empty database on the cluster. */
  createDatabase(name: string): Promise<string>;
  /** The connection string of a database on the cluster (`postgres` is the maintenance database). */
  url(database: string): string;
  stop(): void;
};

const BIN_DIRS = [
  '/usr/local/bin',
  ...(fs.existsSync('/usr/lib/postgresql')
    ? fs.readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`)
    : []),
];

function binary(name: string): string | null {
  for (const dir of BIN_DIRS) if (fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** True when this machine can start a cluster (the PostgreSQL server binaries are installed). */
export function postgresAvailable(): boolean {
  return binary('initdb') !== null && binary('pg_ctl') !== null;
}

const SUPERUSER = 'loot';

/**
 * `password`: the superuser signs in with it (scram-sha-256) instead of being trusted, for tests of a refused
 * password; url() carries it.
 */
export function startPgCluster(settings: { password?: string } = {}): PgCluster {
  const initdb = binary('initdb');
  const pgCtl = binary('pg_ctl');
  if (!initdb || !pgCtl) throw new Error('startPgCluster: initdb / pg_ctl not found (install Debian postgresql)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (file: string, args: string[]) => {
    if (!asRoot) return execFileSync(file, args, { stdio: 'pipe' });
    return execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' });
  };
  if (asRoot) {
    if (spawnSync('id', ['-u', 'postgres']).status !== 0)
      execFileSync('useradd', ['--system', '--no-create-home', 'postgres']);
    fs.chmodSync(dir, 0o755);
    execFileSync('chown', ['postgres', dir]);
  }
  const auth = ['-A', 'trust'];
  if (settings.password) {
    const pwfile = path.join(dir, 'pwfile');
    fs.writeFileSync(pwfile, settings.password);
    if (asRoot) execFileSync('chown', ['postgres', pwfile]);
    auth.splice(0, 2, '-A', 'scram-sha-256', `--pwfile=${pwfile}`);
  }
  run(initdb, ['-D', data, '-U', SUPERUSER, ...auth, '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  // Unix socket only, in the cluster's own folder: no port to collide with, nothing reachable from outside.
  const options = `-c listen_addresses='' -c unix_socket_directories='${dir}' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run(pgCtl, ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  const credentials = settings.password ? `${SUPERUSER}:${encodeURIComponent(settings.password)}` : SUPERUSER;
  const url = (database: string) => `postgres://${credentials}@localhost/${database}?host=${encodeURIComponent(dir)}`;
  let stopped = false;
  return {
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: url('postgres') });
      await admin.connect();
      try {
        await admin.query(`create database "${name.replace(/"/g, '')}"`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    url,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(pgCtl, ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
