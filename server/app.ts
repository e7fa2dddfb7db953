import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX as COMPRESSIBLE } from 'hono/utils/compress';
import { except } from 'hono/combine';
import { csrf } from 'hono/csrf';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { HTTPException } from 'hono/http-exception';
import type { Deps } from './deps.ts';
import { inArrivalOrder } from './db/fair-gate.ts';
import { AppError } from './lib/app-error.ts';
import { fileScriptHashes } from './lib/inline-scripts.ts';
import { stripeCspSources } from './providers/billing/stripe.ts';
import { socialSigninCspSources, socialSigninNeedsPopups } from './features/auth/auth.csp.ts';
import type { Feature } from './features/feature.ts';
import { features as allFeatures } from './features/features.ts';
import { teamAccess } from './middleware/team-access.ts';

export type AppOptions = {
  /** Folder of the built PWA; when absent (tests, `npm run dev`) only the API is served. */
  staticDir?: string;
  /** The features to mount; all of server/features/features.ts unless a test narrows them. */
  features?: Feature[];
};

export function createApp(deps: Deps, options: AppOptions = {}) {
  const features = options.features ?? allFeatures;
  const app = new Hono();

  // Each request's place in line for a database connection, taken as it arrives (server/db/fair-gate.ts).
  app.use((_c, next) => inArrivalOrder(next));
  app.use(requestId());
  // JSON answers and the HTML shell go out gzipped above 1 KB; built assets have brotli and gzip copies (see mountPwa).
  // Server-sent events would be buffered by a compressor, so they never are.
  app.use(compress({ threshold: 1024, contentTypeFilter: (type) => COMPRESSIBLE.test(type) && !type.startsWith('text/event-stream') }));
  // c.json() sends no Content-Length, so the compressor could not tell small answers (not worth it) from large ones.
  // It is set here from the JSON text as it is made: reading a finished answer back (below, for JSON made any other
  // way) turns @hono/node-server's light response into a full web Response and a stream, a large part of a read's CPU
  // under load (issue 17's profile).
  app.use(async (c, next) => {
    const newResponse = c.newResponse;
    c.json = ((object: unknown, arg?: number | ResponseInit, headers?: Record<string, string | string[]>) => {
      const text = JSON.stringify(object);
      return (newResponse as (...args: unknown[]) => Response)(text, arg, { 'Content-Type': 'application/json', ...headers, 'Content-Length': String(Buffer.byteLength(text)) });
    }) as typeof c.json;
    await next();
    if (c.res.headers.has('Content-Length') || !c.res.body || !c.res.headers.get('Content-Type')?.startsWith('application/json')) return;
    const bytes = await c.res.arrayBuffer();
    c.res = new Response(bytes, { status: c.res.status, statusText: c.res.statusText, headers: c.res.headers });
    c.res.headers.set('Content-Length', String(bytes.byteLength));
  });
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    deps.logger.info(
      { reqId: c.get('requestId'), method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });
  // Stripe's card form and the Google / Apple sign-in scripts are allowed only when they are configured.
  const stripeCsp = stripeCspSources(deps.env);
  const signinCsp = socialSigninCspSources(deps.env);
  // index.html's inline loader (scripts/first-paint.ts), allowed by its hash.
  const indexScripts = options.staticDir ? fileScriptHashes(path.join(options.staticDir, 'index.html')) : () => '';
  // The app's own pages may use the camera (media upload's "Take photo or video", the email editor's
  // photos); nothing else Mise serves may. Runs after secureHeaders has set the strict default.
  app.use(async (c, next) => {
    await next();
    if (c.res.headers.get('content-type')?.startsWith('text/html')) c.res.headers.set('Permissions-Policy', permissionsPolicy(deps, true));
  });
  app.use(
    secureHeaders({
      // The same answer as the CSP's frame-ancestors 'none': never in a frame, not even our own.
      xFrameOptions: 'DENY',
      permissionsPolicy: {},
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", indexScripts, ...stripeCsp.scriptSrc, ...signinCsp.scriptSrc],
        frameSrc: ["'self'", ...stripeCsp.frameSrc, ...signinCsp.frameSrc],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'", ...signinCsp.styleSrc],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripeCsp.connectSrc, ...signinCsp.connectSrc],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
      // Set below: same-origin unless the route says otherwise (public email images, server/lib/public-files.ts).
      crossOriginResourcePolicy: false,
      crossOriginOpenerPolicy: socialSigninNeedsPopups(deps.env) ? 'same-origin-allow-popups' : 'same-origin',
    }),
  );
  app.use(async (c, next) => {
    await next();
    if (!c.res.headers.has('Permissions-Policy')) c.res.headers.set('Permissions-Policy', permissionsPolicy(deps, false));
    if (!c.res.headers.has('Cross-Origin-Resource-Policy')) c.res.headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  });
  // API answers carry tokens and private data: never stored by a browser or a proxy, unless a route
  // says otherwise (signed media URLs are private and immutable).
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  // Same origin only: no CORS headers are ever sent, and cross-site form posts are refused.
  const webhooks = features.flatMap((feature) => feature.webhooks ?? []).map((route) => `/api/v1${route}`);
  // A request carrying a bearer token is not a cross-site form post: the API uses no cookies, and a browser cannot
  // add an Authorization header cross-site without a CORS preflight this server never answers. So scripts, curl and
  // integrations may post forms (a media upload) without Origin; requests without a bearer token stay checked.
  const sameOrigin = csrf();
  app.use('/api/*', except(webhooks, (c, next) => (/^Bearer\s+\S/i.test(c.req.header('Authorization') ?? '') ? next() : sameOrigin(c, next))));
  const streamed = features.flatMap((feature) => feature.streamedBodies ?? []).map((route) => `/api/v1${route}`);
  app.use(
    '/api/*',
    except(streamed, bodyLimit({
      maxSize: deps.env.MAX_BODY_BYTES,
      onError: () => {
        throw new AppError(413, 'The request is too large', 'payload_too_large');
      },
    })),
  );

  // Who is calling, once per request; staff reach only their allow-list (issue 19).
  app.use('/api/v1/*', teamAccess(deps));

  for (const feature of features) {
    for (const [route, router] of Object.entries(feature.routes?.(deps) ?? {})) app.route(`/api/v1${route}`, router);
    for (const [route, router] of Object.entries(feature.publicRoutes?.(deps) ?? {})) app.route(route, router);
  }

  app.all('/api/*', () => {
    throw new AppError(404, 'No such API endpoint', 'not_found');
  });

  if (options.staticDir) mountPwa(app, options.staticDir);

  app.onError((error, c) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json({ ...error.data, error: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) }, error.status);
    }
    if (error instanceof HTTPException) return c.json({ error: error.message || 'Request refused' }, error.status);
    deps.logger.error({ err: error, reqId: c.get('requestId'), path: c.req.path }, 'unhandled error');
    return c.json({ error: 'Something went wrong' }, 500);
  });

  return app;
}

/**
 * Denies every powerful feature Mise does not use. The camera is allowed to the app's own pages only
 * (`camera`), payment only to Stripe's frame when Stripe is set up, fullscreen to the media viewer.
 */
function permissionsPolicy(deps: Pick<Deps, 'env'>, camera: boolean): string {
  const payment = deps.env.STRIPE_SECRET_KEY ? '(self "https://js.stripe.com")' : '()';
  return [
    `camera=${camera ? '(self)' : '()'}`,
    'microphone=()',
    'geolocation=()',
    `payment=${payment}`,
    'fullscreen=(self)',
    'usb=()',
    'serial=()',
    'hid=()',
    'bluetooth=()',
    'midi=()',
    'magnetometer=()',
    'gyroscope=()',
    'accelerometer=()',
    'display-capture=()',
    'screen-wake-lock=()',
    'idle-detection=()',
    'browsing-topics=()',
    'interest-cohort=()',
  ].join(', ');
}

function mountPwa(app: Hono, staticDir: string) {
  const root = path.relative(process.cwd(), staticDir) || '.';
  const indexHtml = path.join(staticDir, 'index.html');
  // Hashed assets never change; everything else (index.html, sw.js, manifest) must revalidate. Set after serveStatic
  // answers (its onFound runs after the response is built, too late for a header).
  app.use('/*', async (c, next) => {
    await next();
    if (c.res.status !== 200 && c.res.status !== 206 && c.res.status !== 304) return;
    c.res.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  });
  app.use(
    '/*',
    serveStatic({
      root,
      // The build writes .br and .gz copies next to each asset (vite.config.ts, precompress): served by Accept-Encoding.
      precompressed: true,
    }),
  );
  // The share target is answered by the service worker (sw/share-target.ts). Without one (its first visit, a
  // hard reload) the POST reaches here: open the upload sheet so the files can be chosen there.
  app.post('/share-target', (c) => c.redirect('/media?upload=1&shareFailed=1', 303));
  // SPA fallback: any other GET is a client route.
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(indexHtml, 'utf8'));
  });
}
