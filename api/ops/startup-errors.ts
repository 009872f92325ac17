import type { AppConfig } from '../config';
import { nativeBuildMismatch } from './native-build';

/**
 * A start that cannot go on, said in one line for the operator: the setting to look at and the likely fix
 * (README: Configuration), or the fix alone where no setting is at fault (an install built for another Node). The
 * server prints the message alone, without a stack, and exits 1.
 */
export class StartupError extends Error {
  constructor(
    readonly setting: string | null,
    message: string,
  ) {
    super(setting ? `${setting}: ${message}` : message);
    this.name = 'StartupError';
  }
}

type ErrorFacts = { code?: string; name?: string; message: string; status?: number };

function factsOf(err: unknown): ErrorFacts {
  if (!(err instanceof Error)) return { message: String(err) };
  const e = err as Error & {
    code?: unknown;
    $metadata?: { httpStatusCode?: number };
    cause?: unknown;
    errors?: unknown[];
  };
  // A connection refused on every address of a name arrives as an AggregateError of one error per address.
  const inner =
    e.errors?.[0] instanceof Error
      ? (e.errors[0] as Error & { code?: unknown })
      : e.cause instanceof Error
        ? (e.cause as Error & { code?: unknown })
        : null;
  const code = typeof e.code === 'string' ? e.code : typeof inner?.code === 'string' ? inner.code : undefined;
  return { code, name: e.name, message: e.message || inner?.message || e.name, status: e.$metadata?.httpStatusCode };
}

const NETWORK_UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EPIPE']);
const NAME_UNKNOWN = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME']);
const TIMED_OUT = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'TimeoutError']);

/** Where DATABASE_URL points, without its password: `user@host:port/database`. */
function describeDatabaseUrl(url: string): { where: string; user: string; database: string } {
  try {
    const parsed = new URL(url);
    const socket = parsed.searchParams.get('host');
    const host = socket ?? `${parsed.hostname}:${parsed.port || '5432'}`;
    const database = decodeURIComponent(parsed.pathname.slice(1)) || decodeURIComponent(parsed.username);
    return { where: `${host}/${database}`, user: decodeURIComponent(parsed.username) || '(none)', database };
  } catch {
    return { where: '(unreadable DATABASE_URL)', user: '(unknown)', database: '(unknown)' };
  }
}

/** An error from opening, migrating or seeding the database at start, as one line naming the setting. */
export function databaseStartupError(
  err: unknown,
  config: Pick<AppConfig, 'DATABASE_URL' | 'dbFile' | 'LOOT_DATA_DIR'>,
): StartupError {
  // better-sqlite3's binary loads when the first database opens: one built for another Node is not the data folder's fault.
  const mismatch = nativeBuildMismatch(err);
  if (mismatch) return new StartupError(null, mismatch);
  const { code, message } = factsOf(err);
  if (!config.DATABASE_URL) {
    const setting = 'LOOT_DATA_DIR';
    if (
      code === 'EACCES' ||
      code === 'EPERM' ||
      code === 'EROFS' ||
      code === 'SQLITE_CANTOPEN' ||
      code === 'SQLITE_READONLY'
    )
      return new StartupError(
        setting,
        `cannot open the SQLite file ${config.dbFile} for writing (${code}): make the folder writable by the user Loot runs as, or set LOOT_DATA_DIR to one that is.`,
      );
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT')
      return new StartupError(
        setting,
        `${config.dbFile} is not a SQLite database or is damaged (${code}): restore it from a backup (README: Backups), or set LOOT_DATA_DIR to another folder.`,
      );
    if (code === 'SQLITE_BUSY')
      return new StartupError(
        setting,
        `${config.dbFile} stayed locked by another process (${code}): stop the other process using it, or give this one its own LOOT_DATA_DIR.`,
      );
    return new StartupError(setting, `could not open the SQLite file ${config.dbFile}: ${message}`);
  }
  const { where, user, database } = describeDatabaseUrl(config.DATABASE_URL);
  const setting = 'DATABASE_URL';
  if (code && NETWORK_UNREACHABLE.has(code))
    return new StartupError(
      setting,
      `nothing accepts connections at ${where} (${code}): check the host and port, and that PostgreSQL is running and listening there.`,
    );
  if (code && NAME_UNKNOWN.has(code))
    return new StartupError(setting, `the host of ${where} is not known (${code}): check the host name.`);
  if ((code && TIMED_OUT.has(code)) || /timeout/i.test(message))
    return new StartupError(
      setting,
      `no answer from ${where} in time: check the host, the port and any firewall between them.`,
    );
  if (code === '28P01')
    return new StartupError(
      setting,
      `PostgreSQL refused the password of user "${user}" (${code}): check the user name and the password.`,
    );
  if (code === '28000')
    return new StartupError(
      setting,
      `PostgreSQL refused user "${user}" (${code}: ${message}): check the user, and that pg_hba.conf lets it in from here.`,
    );
  if (code === '3D000')
    return new StartupError(
      setting,
      `database "${database}" does not exist on ${where} (${code}): create it (createdb ${database}) or fix its name.`,
    );
  if (code === '42501')
    return new StartupError(
      setting,
      `user "${user}" may not do what the migrations need (${code}: ${message}): let it create tables, functions and the unaccent extension (README: Running on more than one machine).`,
    );
  if (code === '57P03')
    return new StartupError(
      setting,
      `PostgreSQL at ${where} is starting up or shutting down (${code}): start Loot again once it accepts connections.`,
    );
  return new StartupError(setting, `could not use PostgreSQL at ${where}${code ? ` (${code})` : ''}: ${message}`);
}

/** An error from the start-up check of the store (a local folder, or the bucket of LOOT_STORAGE_URL). */
export function storageStartupError(
  err: unknown,
  config: Pick<AppConfig, 's3' | 'storageDir' | 'LOOT_STORAGE_DIR'>,
): StartupError {
  const { code, name, message, status } = factsOf(err);
  if (!config.s3) {
    const setting = config.LOOT_STORAGE_DIR
      ? 'LOOT_STORAGE_DIR'
      : 'LOOT_STORAGE_DIR (by default $LOOT_DATA_DIR/storage)';
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
      return new StartupError(
        setting,
        `cannot write to ${config.storageDir} (${code}): make it writable by the user Loot runs as, or set LOOT_STORAGE_DIR to a folder that is.`,
      );
    return new StartupError(setting, `cannot use ${config.storageDir}${code ? ` (${code})` : ''}: ${message}`);
  }
  const { bucket, endpoint } = config.s3;
  const at = endpoint ?? 'AWS S3';
  if ((code && NETWORK_UNREACHABLE.has(code)) || (code && NAME_UNKNOWN.has(code)))
    return new StartupError(
      'S3_ENDPOINT',
      `nothing answers at ${at} (${code}): check S3_ENDPOINT and that the store is running.`,
    );
  if ((code && TIMED_OUT.has(code)) || (name && TIMED_OUT.has(name)) || /timed? ?out/i.test(message))
    return new StartupError(
      'S3_ENDPOINT',
      `no answer from ${at} in time: check S3_ENDPOINT and any firewall between Loot and the store.`,
    );
  if (status === 404 || name === 'NotFound' || name === 'NoSuchBucket')
    return new StartupError(
      'LOOT_STORAGE_URL',
      `bucket "${bucket}" does not exist at ${at}: create it (mc mb, aws s3 mb) or fix the bucket in LOOT_STORAGE_URL.`,
    );
  if (
    status === 403 ||
    status === 401 ||
    name === 'Forbidden' ||
    name === 'InvalidAccessKeyId' ||
    name === 'SignatureDoesNotMatch'
  )
    return new StartupError(
      'S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY',
      `${at} refused these keys for bucket "${bucket}" (${status ?? name}): check the key pair, and that it may read and write the bucket.`,
    );
  if (status === 301 || name === 'PermanentRedirect')
    return new StartupError(
      'S3_REGION',
      `bucket "${bucket}" is in another region than ${config.s3.region} (${status ?? name}): set S3_REGION to the bucket's region.`,
    );
  return new StartupError(
    'LOOT_STORAGE_URL',
    `could not use bucket "${bucket}" at ${at}${status ? ` (${status})` : ''}: ${message}`,
  );
}

/** An error from opening a listening port (PORT on LOOT_HOST, or LOOT_METRICS_PORT on LOOT_METRICS_HOST). */
export function listenStartupError(
  err: unknown,
  where: { setting: 'PORT' | 'LOOT_METRICS_PORT'; port: number; host?: string },
): StartupError {
  const { setting, port, host } = where;
  const { code, message } = factsOf(err);
  const hostSetting = setting === 'PORT' ? 'LOOT_HOST' : 'LOOT_METRICS_HOST';
  if (code === 'EADDRINUSE')
    return new StartupError(
      setting,
      `port ${port} is in use by another process: stop that process, or set ${setting} to a free port.`,
    );
  if (code === 'EACCES')
    return new StartupError(
      setting,
      `port ${port} needs privileges this user lacks (${code}): use a port above 1023 (and let the proxy or the container map it).`,
    );
  if (code === 'EADDRNOTAVAIL' && host)
    return new StartupError(
      hostSetting,
      `${host} is not an address of this machine (${code}): set ${hostSetting} to one of its addresses, or 0.0.0.0 for every interface.`,
    );
  if (code === 'EADDRNOTAVAIL')
    return new StartupError(setting, `port ${port} cannot be opened on this machine's addresses (${code}).`);
  if (host && code && NAME_UNKNOWN.has(code))
    return new StartupError(
      hostSetting,
      `the host name ${host} is not known (${code}): set ${hostSetting} to an address of this machine.`,
    );
  return new StartupError(
    setting,
    `cannot listen on ${host ? `${host}, ` : ''}port ${port}${code ? ` (${code})` : ''}: ${message}`,
  );
}

/** Runs one start-up step, turning what it throws into the step's StartupError; gives up after `timeoutMs` if given. */
export async function startupStep<T>(
  run: () => Promise<T>,
  describe: (err: unknown) => StartupError,
  timeoutMs?: number,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    if (timeoutMs !== undefined)
      timer = setTimeout(
        () => reject(Object.assign(new Error(`timed out after ${timeoutMs} ms`), { code: 'ETIMEDOUT' })),
        timeoutMs,
      );
  });
  try {
    return await Promise.race([run(), timeout]);
  } catch (err) {
    throw err instanceof StartupError ? err : describe(err);
  } finally {
    clearTimeout(timer);
  }
}
