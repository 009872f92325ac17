import path from 'node:path';
import { z } from 'zod';
import { readTrustedProxies, type TrustedProxies } from './auth/trusted-proxies';
import { LOG_LEVELS } from './ops/log';
import { parseS3Url, type S3Settings } from './storage/s3-store';

/** Environment, validated once at boot so a bad setting fails fast with its name (see README: Configuration). */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** The address the app's port listens on; unset, every interface (IPv6 too where the machine has it). */
    LOOT_HOST: z.string().min(1).optional(),
    LOOT_DATA_DIR: z.string().min(1).default('./data'),
    LOOT_STORAGE_DIR: z.string().min(1).optional(),
    /** s3://bucket/prefix: stored files in an S3-compatible bucket instead of LOOT_STORAGE_DIR. */
    LOOT_STORAGE_URL: z
      .string()
      .refine((url) => parseS3Url(url) !== null, 'expected s3://<bucket>/<optional prefix>')
      .optional(),
    /** The S3 API's address for MinIO, R2 and other S3-compatible stores; AWS's own when unset. */
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** 1: bucket in the path (endpoint/bucket/key), as MinIO and s3rver need; 0: bucket as a host name (AWS). */
    S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).default('0'),
    LOOT_DEV_LOGIN: z.enum(['0', '1']).default('1'),
    /** `production` turns developer conveniences (dev login, demo boards) off, whatever LOOT_DEV_LOGIN says. */
    NODE_ENV: z.string().optional(),
    /** Skip generating the demo catalogue at start (tests that bring their own data). */
    LOOT_SEED_CATALOGUE: z.enum(['0', '1']).default('1'),
    /**
     * The address browsers use (https://loot.example.com): our origin for the Origin check, the cookie's Secure flag
     * and every absolute link (api/net/public-origin.ts). Required in production, where a proxy usually terminates TLS.
     */
    LOOT_PUBLIC_URL: z
      .string()
      .url()
      .refine(
        (url) => /^https?:$/.test(new URL(url).protocol) && new URL(url).pathname === '/' && !new URL(url).search,
        "expected the site's origin, http(s)://host[:port], without a path",
      )
      .optional(),
    /** The reverse proxies whose X-Forwarded-For / Forwarded name the client: CIDRs and/or `loopback` (README: Deploying). */
    LOOT_TRUSTED_PROXIES: z
      .string()
      .superRefine((text, ctx) => {
        const reading = readTrustedProxies(text);
        if (!reading.ok) ctx.addIssue({ code: 'custom', message: reading.problem });
      })
      .optional(),
    /** The built web app to serve (default dist/web). */
    LOOT_WEB_DIR: z.string().min(1).optional(),
    LOOT_BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_000_000),
    /** Account registrations per client address per hour (the sign-up throttle). */
    LOOT_SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(10),
    /**
     * Board operations one user may send per minute through the ops door, every board together (a layout.set entry is
     * one op); counted in the database, so the limit holds across instances. One full batch (BOARD_BATCH_ITEMS_MAX)
     * always fits in an empty minute.
     */
    LOOT_BOARD_OPS_PER_MINUTE: z.coerce.number().int().positive().default(20_000),
    /** Invitations by email one board owner may send per hour, every board together. */
    LOOT_INVITATIONS_PER_HOUR: z.coerce.number().int().positive().default(30),
    /** Test only: image links may be fetched from loopback (a test's local server). Ignored in deployments. */
    LOOT_IMAGE_LINKS_ALLOW_LOOPBACK: z.enum(['0', '1']).default('0'),
    /**
     * Where account mail (address confirmation, password reset, invitations) is sent: smtp://user:pass@host:587
     * (STARTTLS when offered) or smtps://user:pass@host:465. Unset: each mail is one log line with its link.
     */
    LOOT_SMTP_URL: z
      .string()
      .refine((url) => /^smtps?:\/\/[^/\s]+/.test(url), 'expected smtp://user:password@host:587 or smtps://…')
      .optional(),
    /** The From of every mail (`Loot <no-reply@example.com>`); unset: Loot <no-reply@> the public host. */
    LOOT_MAIL_FROM: z.string().min(3).optional(),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Another Stripe API endpoint (stripe-mock, or a test's local server); the real API when unset. */
    STRIPE_API_BASE: z.string().url().optional(),
    STRIPE_PRICE_BASIC: z.string().min(1).optional(),
    STRIPE_PRICE_LIGHT: z.string().min(1).optional(),
    STRIPE_PRICE_PRO: z.string().min(1).optional(),
    OPENAI_API_KEY: z.string().min(1).optional(),
    OPENAI_BASE_URL: z.string().url().optional(),
    LOOT_LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
    LOOT_LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
    OIDC_ISSUER: z.string().url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    /**
     * Prometheus metrics: `1` serves them where only an operator reaches them (LOOT_METRICS_PORT, or the app's port
     * with LOOT_METRICS_TOKEN), `app` on the app's port to anyone (a proxy in front refuses /metrics), `0` nowhere.
     * They describe the traffic (sign-ins, share opens), so the app's port never serves them to anyone by default.
     */
    LOOT_METRICS: z.enum(['0', '1', 'app']).default('1'),
    LOOT_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** Where LOOT_METRICS_PORT listens: loopback unless told (0.0.0.0, or the address Prometheus reaches). */
    LOOT_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** A bearer token every /metrics request must carry (Prometheus' `authorization` / `bearer_token`). */
    LOOT_METRICS_TOKEN: z.string().min(16, 'at least 16 characters; make one with `openssl rand -hex 32`').optional(),
    /** How long a SIGTERM or SIGINT waits for the requests in flight before it cuts them (README: Graceful shutdown). */
    LOOT_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(25_000),
    /**
     * How long, from the signal, an export in flight may keep the drain going past LOOT_SHUTDOWN_TIMEOUT_MS: a
     * 1,500-card PDF takes over 30 s, and a cut one is lost whole. Never shorter than the window in effect.
     */
    LOOT_SHUTDOWN_EXPORT_CAP_MS: z.coerce.number().int().min(0).default(120_000),
    LOOT_LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    /** Live board streams: how often an open stream is sent a heartbeat (proxies close idle ones). */
    LOOT_LIVE_HEARTBEAT_MS: z.coerce.number().int().min(10).max(300_000).default(15_000),
    /** Open live streams one user may hold across all instances; one more is answered 429. */
    LOOT_LIVE_STREAMS_PER_USER: z.coerce.number().int().positive().default(20),
    /** PostgreSQL 15+ instead of the SQLite file: postgres://user:password@host:5432/database. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.LOOT_PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['LOOT_PUBLIC_URL'],
        message:
          'required when NODE_ENV=production: set it to the address browsers use, e.g. LOOT_PUBLIC_URL=https://loot.example.com',
      });
    }
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export type AppConfig = Env & {
  dataDir: string;
  storageDir: string;
  /** The bucket that holds stored files (LOOT_STORAGE_URL), or null for the local folder storageDir. */
  s3: S3Settings | null;
  dbFile: string;
  devLoginEnabled: boolean;
  /** Why dev login is on or off, for the one line `npm start` prints. */
  devLoginReason: string;
  /** LOOT_IMAGE_LINKS_ALLOW_LOOPBACK, never true when LOOT_PUBLIC_URL is set or NODE_ENV is production. */
  imageLinksAllowLoopback: boolean;
  /** LOOT_TRUSTED_PROXIES read; null when unset (every limit keys on the socket peer). */
  trustedProxies: TrustedProxies | null;
  /**
   * Where /metrics is served: on LOOT_METRICS_PORT, on the app's port (behind LOOT_METRICS_TOKEN, or to anyone with
   * LOOT_METRICS=app), or nowhere (LOOT_METRICS=0, or neither a port nor a token nor the opt-in).
   */
  metricsOn: 'app' | 'port' | 'off';
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const dataDir = path.resolve(parsed.data.LOOT_DATA_DIR);
  return {
    ...parsed.data,
    dataDir,
    storageDir: path.resolve(parsed.data.LOOT_STORAGE_DIR ?? path.join(dataDir, 'storage')),
    s3: s3Settings(parsed.data),
    dbFile: path.join(dataDir, 'loot.db'),
    ...devLoginSetting(parsed.data),
    imageLinksAllowLoopback:
      parsed.data.LOOT_IMAGE_LINKS_ALLOW_LOOPBACK === '1' &&
      !parsed.data.LOOT_PUBLIC_URL &&
      env.NODE_ENV !== 'production',
    trustedProxies: trustedProxiesSetting(parsed.data.LOOT_TRUSTED_PROXIES),
    metricsOn: metricsSetting(parsed.data),
  };
}

function metricsSetting(env: Env): AppConfig['metricsOn'] {
  if (env.LOOT_METRICS === '0') return 'off';
  if (env.LOOT_METRICS_PORT) return 'port';
  return env.LOOT_METRICS === 'app' || env.LOOT_METRICS_TOKEN ? 'app' : 'off';
}

/**
 * Dev login (and the demo-board route) exist for a developer's laptop. A deployment is recognised by
 * LOOT_PUBLIC_URL, NODE_ENV=production or LOOT_TRUSTED_PROXIES, and there they are off whatever LOOT_DEV_LOGIN says: a proxy that rewrites
 * Host and adds no forwarding header would otherwise make every visitor look local (SECURITY.md).
 */
function devLoginSetting(env: Env): { devLoginEnabled: boolean; devLoginReason: string } {
  if (env.NODE_ENV === 'production') return { devLoginEnabled: false, devLoginReason: 'NODE_ENV=production' };
  if (env.LOOT_PUBLIC_URL) return { devLoginEnabled: false, devLoginReason: 'LOOT_PUBLIC_URL is set (a deployment)' };
  // Behind a proxy every visitor arrives from the proxy's address, a loopback one when it runs on this machine.
  if (env.LOOT_TRUSTED_PROXIES)
    return { devLoginEnabled: false, devLoginReason: 'LOOT_TRUSTED_PROXIES is set (behind a proxy)' };
  if (env.LOOT_DEV_LOGIN === '0') return { devLoginEnabled: false, devLoginReason: 'LOOT_DEV_LOGIN=0' };
  return {
    devLoginEnabled: true,
    devLoginReason:
      'no LOOT_PUBLIC_URL, NODE_ENV is not production, LOOT_DEV_LOGIN is not 0; loopback requests with a local Host only',
  };
}

function trustedProxiesSetting(text: string | undefined): TrustedProxies | null {
  const reading = text ? readTrustedProxies(text) : null;
  return reading?.ok ? reading.proxies : null;
}

function s3Settings(env: Env): S3Settings | null {
  const location = env.LOOT_STORAGE_URL ? parseS3Url(env.LOOT_STORAGE_URL) : null;
  if (!location) return null;
  return {
    ...location,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** An empty variable (`FOO=`) means "not set", as shells and .env files usually intend. */
function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
}

/**
 * The variables a child process (the demo board's builder, a CLI started by a test) needs to open the same database
 * and the same storage as this configuration, whatever the parent's own environment says: merged over
 * process.env, they win. An unset setting is passed as empty, which loadConfig reads as unset.
 */
export function dataEnv(config: AppConfig): Record<string, string> {
  return {
    LOOT_DATA_DIR: config.dataDir,
    LOOT_STORAGE_DIR: config.storageDir,
    DATABASE_URL: config.DATABASE_URL ?? '',
    LOOT_STORAGE_URL: config.LOOT_STORAGE_URL ?? '',
    S3_ENDPOINT: config.S3_ENDPOINT ?? '',
    S3_REGION: config.S3_REGION,
    S3_ACCESS_KEY_ID: config.S3_ACCESS_KEY_ID ?? '',
    S3_SECRET_ACCESS_KEY: config.S3_SECRET_ACCESS_KEY ?? '',
    S3_FORCE_PATH_STYLE: config.S3_FORCE_PATH_STYLE,
  };
}
