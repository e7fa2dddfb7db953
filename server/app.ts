import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { except } from 'hono/combine';
import { csrf } from 'hono/csrf';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { HTTPException } from 'hono/http-exception';
import type { Deps } from './deps.ts';
import { AppError } from './lib/app-error.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { customersRoutes } from './features/customers/customers.routes.ts';
import { cloverRoutes, disconnectRoutes, posRoutes, squareRoutes } from './features/pos/pos.routes.ts';
import { segmentsRoutes } from './features/segments/segments.routes.ts';
import { metricsRoutes } from './features/metrics/metrics.routes.ts';
import { brandFileRoutes } from './features/brand/brand-images.ts';
import { brandRoutes, brandSettingsRoutes } from './features/brand/brand.routes.ts';
import { socialFileRoutes } from './features/socials/avatar-copy.ts';
import { socialsRoutes } from './features/socials/socials.routes.ts';
import { billingWebhookRoutes, subscriptionsRoutes } from './features/subscriptions/subscriptions.routes.ts';
import { stripeCspSources } from './providers/billing/stripe.ts';
import { socialSigninCspSources, socialSigninNeedsPopups } from './features/auth/auth.csp.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { avatarFileRoutes } from './features/users/avatar-files.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { idempotency } from './middleware/idempotency.ts';

export type AppOptions = {
  /** Folder of the built PWA; when absent (tests, `npm run dev`) only the API is served. */
  staticDir?: string;
};

export function createApp(deps: Deps, options: AppOptions = {}) {
  const app = new Hono();

  app.use(requestId());
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
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeCsp.scriptSrc, ...signinCsp.scriptSrc],
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
      crossOriginOpenerPolicy: socialSigninNeedsPopups(deps.env) ? 'same-origin-allow-popups' : 'same-origin',
    }),
  );
  // Same origin only: no CORS headers are ever sent, and cross-site form posts are refused.
  app.use('/api/*', csrf());
  app.use(
    '/api/*',
    // Media uploads (add, tus) stream to disk and enforce MEDIA_MAX_*_MB themselves as the bytes arrive.
    except(['/api/v1/media/add', '/api/v1/media/uploads', '/api/v1/media/uploads/*'], bodyLimit({
      maxSize: deps.env.MAX_BODY_BYTES,
      onError: () => {
        throw new AppError(413, 'The request is too large', 'payload_too_large');
      },
    })),
  );

  app.route('/api/v1/health', healthRoutes(deps));
  app.route('/api/v1/customers', customersRoutes(deps));
  app.route('/api/v1/square', squareRoutes(deps));
  app.route('/api/v1/clover', cloverRoutes(deps));
  app.route('/api/v1/disconnect', disconnectRoutes(deps));
  app.route('/api/v1/pos', posRoutes(deps));
  app.route('/api/v1/segments', segmentsRoutes(deps));
  app.route('/api/v1/metrics', metricsRoutes(deps));
  app.route('/api/v1/media', mediaRoutes(deps));
  app.route('/api/v1/auth', authRoutes(deps));
  // Writes the client's outbox may send again carry an Idempotency-Key: applied once, answered the
  // same way every time (server/middleware/idempotency.ts says how a route opts in).
  const idempotent = idempotency(deps);
  app.use('/api/v1/users/update-profile/*', idempotent);
  app.use('/api/v1/users/notifications/*', idempotent);
  app.route('/api/v1/users', usersRoutes(deps));
  app.route('/api/v1/files/avatars', avatarFileRoutes(deps));

  app.route('/api/v1/users/settings', brandSettingsRoutes(deps));
  app.route('/api/v1/brand', brandRoutes(deps));
  app.route('/api/v1/files/brand', brandFileRoutes(deps));
  app.route('/api/v1/socials', socialsRoutes(deps));
  app.route('/api/v1/files/socials', socialFileRoutes(deps));
  app.route('/api/v1/subscriptions', subscriptionsRoutes(deps));
  app.route('/api/v1/billing/webhook', billingWebhookRoutes(deps));

  app.all('/api/*', () => {
    throw new AppError(404, 'No such API endpoint', 'not_found');
  });

  if (options.staticDir) mountPwa(app, options.staticDir);

  app.onError((error, c) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json({ error: error.message, code: error.code }, error.status);
    }
    if (error instanceof HTTPException) return c.json({ error: error.message || 'Request refused' }, error.status);
    deps.logger.error({ err: error, reqId: c.get('requestId'), path: c.req.path }, 'unhandled error');
    return c.json({ error: 'Something went wrong' }, 500);
  });

  return app;
}

function mountPwa(app: Hono, staticDir: string) {
  const root = path.relative(process.cwd(), staticDir) || '.';
  const indexHtml = path.join(staticDir, 'index.html');
  app.use(
    '/*',
    serveStatic({
      root,
      onFound: (filePath, c) => {
        // Hashed assets never change; everything else (index.html, sw.js, manifest) must revalidate.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`) || filePath.includes('/assets/');
        c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  // SPA fallback: any other GET is a client route.
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(indexHtml, 'utf8'));
  });
}
