import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { contextStorage } from 'hono/context-storage';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps } from './deps';
import type { AppEnv } from './env';
import { sayIn } from '#shared/messages/errors';
import { AppError, say } from './errors';
import { browserLanguage, userLocale } from './middleware/browser-language';
import { defaultBodyLimit } from './middleware/body-limit';
import { sameOriginOnly } from './middleware/same-origin';
import { publicOrigin } from './net/public-origin';
import { sessionMiddleware } from './middleware/session';
import { log as processLog } from './ops/log';
import { metricsRoutes } from './ops/metrics-route';
import { observeRequests } from './ops/observe-requests';
import { apiRoutes } from './routes';
import { TooManyAttemptsError } from './services/rate-limit.service';

export type CreateAppOptions = {
  /** The built web app (dist/web); when given, every non-API path serves it (client-side routes). */
  webDir?: string;
};

/** Paths that must accept requests from other sites: Stripe posts its webhook from its own servers. */
const isCrossSiteExempt = (p: string) => p === '/api/stripe/webhook';

/**
 * CSP img-src: what the board, the viewer and user Markdown load images from. Our own storage
 * ('self'); cards' outside images (https:, and http: only where the app itself is not served over https: there a
 * browser upgrades an http image anyway); blob: for downloads and the engine lab's generated screenshots; data:
 * for the tiny images libraries probe formats with. Which URLs a card or Markdown may name at all is decided
 * before this (shared/canonical-image-url.ts): the policy is the second line.
 */
export function imageSources(publicUrl: string | undefined): string[] {
  const servedOverHttps = publicUrl?.startsWith('https:') ?? false;
  return ["'self'", 'data:', 'blob:', 'https:', ...(servedOverHttps ? [] : ['http:'])];
}

export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>();

  // First, so every request is counted, timed and logged, refused ones included (api/ops/observe-requests.ts).
  app.use('*', observeRequests(deps.log, deps.config.trustedProxies));
  // Lets a board write name the screen whose request made it (api/net/request-screen.ts).
  app.use('/api/*', contextStorage());
  app.use(
    '*',
    secureHeaders({
      // 'no-referrer' makes some browsers send Origin: null and break the Origin check (SECURITY.md).
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'same-origin',
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: imageSources(deps.config.LOOT_PUBLIC_URL),
        connectSrc: ["'self'", 'blob:', 'data:'],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", 'https:'],
      },
    }),
  );
  // The language refusals are written in when no user's own choice says otherwise (app.onError).
  app.use('/api/*', browserLanguage);
  // The routes that take bigger (or smaller) bodies declare their own limit (api/middleware/body-limit.ts).
  app.use('/api/*', defaultBodyLimit(deps.config.LOOT_BODY_LIMIT_BYTES));
  // Our origin is publicOrigin's, not the socket's: behind a TLS-terminating proxy Node sees http, the browser https.
  const formCsrf = csrf({ origin: (origin, c) => origin === publicOrigin(c, deps.config) });
  app.use('/api/*', async (c, next) => (isCrossSiteExempt(c.req.path) ? next() : formCsrf(c, next)));
  app.use('/api/*', sameOriginOnly({ ...deps.config, log: deps.log }, { exempt: isCrossSiteExempt }));
  app.use('/api/*', sessionMiddleware(deps));
  // JSON answers carry users' data (boards, cards, bookmarks, the account): no cache, shared or local, may keep them
  // unless a route chose its own policy (public catalogue data; board content's private revalidation with ETag).
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control') && /json/i.test(c.res.headers.get('Content-Type') ?? '')) {
      c.res.headers.set('Cache-Control', 'private, no-store');
    }
  });

  app.route('/api', apiRoutes(deps));
  app.all('/api/*', () => {
    throw new AppError('not_found', 404, say('request.noEndpoint'));
  });

  // /metrics is never the web app's page: the metrics here only when the operator chose so (a token, or
  // LOOT_METRICS=app), else a 404, as when they are off or on their own port (SECURITY.md: metrics are private).
  if (deps.config.metricsOn === 'app') app.route('/', metricsRoutes({ token: deps.config.LOOT_METRICS_TOKEN }));
  else
    app.get('/metrics', () => {
      throw new AppError('not_found', 404, say('request.noPage'));
    });

  if (options.webDir) mountWebApp(app, options.webDir, deps.log);

  app.onError((err, c) => {
    // People read these: in the signed-in user's language, else the browser's (the web sends its interface's).
    const locale = userLocale(c, c.get('user') ?? { language: null });
    if (err instanceof AppError) {
      // Every limit kept by rate-limit.service says when to try again.
      if (err instanceof TooManyAttemptsError) c.header('Retry-After', String(err.retryAfterSeconds));
      return c.json({ error: { code: err.code, message: err.messageIn(locale), ...err.details } }, err.status);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      const code = status === 403 ? 'forbidden' : status === 413 ? 'payload_too_large' : 'invalid_input';
      // Hono's own refusals (CSRF, body parsing) carry terse or no text: the answer is a sentence for people.
      const key = status === 403 ? 'request.crossSite' : status === 413 ? 'request.tooLarge' : 'request.unreadable';
      return c.json({ error: { code, message: sayIn(locale, say(key)) } }, status);
    }
    if (err instanceof SyntaxError) {
      return c.json({ error: { code: 'invalid_input', message: sayIn(locale, say('request.notJson')) } }, 400);
    }
    (deps.log ?? processLog).error(
      { err, reqId: c.get('requestId'), method: c.req.method, route: routePath(c) },
      'Unhandled error',
    );
    return c.json({ error: { code: 'internal', message: sayIn(locale, say('request.internal')) } }, 500);
  });

  return app;
}

function mountWebApp(app: Hono<AppEnv>, webDir: string, log: AppDeps['log']) {
  const root = path.relative(process.cwd(), webDir) || '.';
  const indexFile = path.join(webDir, 'index.html');
  // Hashed build assets never change under the same name.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // Made once the folder exists: serveStatic prints a plain-text console line for a missing root, and the log is
  // JSON lines (README: Logs); the missing build is said here instead, once.
  if (!fs.existsSync(webDir))
    log?.warn(`The web app is not built in ${root}: pages answer 503 until \`npm run build\` makes it.`);
  let statics: MiddlewareHandler<AppEnv> | null = null;
  app.use('*', (c, next) => {
    statics ??= fs.existsSync(webDir) ? serveStatic<AppEnv>({ root }) : null;
    return statics ? statics(c, next) : next();
  });
  // A build file that is not there (an old page asking for a previous build's chunk, a typo) is a 404: answering
  // index.html would hand a script tag HTML, under a one-year immutable cache.
  app.get('/assets/*', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.text('Not found', 404);
  });
  app.get('*', (c) => {
    if (!fs.existsSync(indexFile)) return c.text('The web app is not built: run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(indexFile, 'utf8'));
  });
}
