import { pino, stdTimeFunctions, type Level, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = Level | 'silent';

/**
 * Fields no log line may carry whatever a caller passes (README: Logs): credentials, session cookies, tokens,
 * signed URLs. Request lines never hold them in the first place (route patterns, not paths; no headers); this is
 * the net under that.
 */
const REDACTED = ['password', 'newPassword', 'cookie', 'authorization', 'token', 'secret', 'url', 'headers', 'query'];

/**
 * A logger writing one JSON object per line (pino) to `destination` (stdout by default), or, when `pretty`, one
 * coloured line per event for a person at a terminal (pino-pretty, in this thread: no transport worker).
 */
export function createLogger(
  options: { level?: LogLevel; pretty?: boolean; destination?: NodeJS.WritableStream } = {},
): Logger {
  const settings = {
    level: options.level ?? 'info',
    base: { pid: process.pid },
    timestamp: stdTimeFunctions.isoTime,
    redact: { paths: REDACTED.flatMap((key) => [key, `*.${key}`]), censor: '[redacted]' },
  };
  if (options.pretty) {
    return pino(
      settings,
      pretty({
        sync: true,
        colorize: true,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname',
        destination: options.destination,
      }),
    );
  }
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

const envLevel = process.env.LOOT_LOG_LEVEL as LogLevel | undefined;

/**
 * The process's logger: pretty in a terminal, JSON lines otherwise (a container, a supervisor, a pipe).
 * LOOT_LOG_LEVEL sets the level (checked with the rest of the configuration at start).
 */
export const log: Logger = createLogger({
  level: envLevel && (LOG_LEVELS as readonly string[]).includes(envLevel) ? envLevel : 'info',
  pretty: Boolean(process.stdout.isTTY),
});

/**
 * Node's process warnings (a library's deprecation notice, the AWS SDK's notice about Node versions, our own
 * experimental-feature ones) as log lines at `warn`, in place of Node's default, which prints them to stderr as
 * several lines of plain text that a log pipeline reading JSON would take for garbage.
 */
export function logProcessWarnings(logger: Logger): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    const { name, code } = warning as Error & { code?: string };
    logger.warn({ warning: { name, code } }, warning.message.replace(/\s*\n\s*/g, ' '));
  });
}
