import type { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import type { Jobs } from '../jobs/jobs.ts';

/**
 * What a feature hands to the app: its routers (mounted under /api/v1 in list order) and its job handlers
 * and timers. Every feature is listed once in server/features/features.ts; adding one touches that line only.
 */
export type Feature = {
  name: string;
  /** Path under /api/v1 → router, e.g. `{ '/customers': customersRoutes(deps) }`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each router carries its own variables
  routes?: (deps: Deps) => Record<string, Hono<any>>;
  /**
   * Paths (under /api/v1, Hono patterns) whose bodies the feature streams and limits itself (uploads);
   * every other body is capped by MAX_BODY_BYTES.
   */
  streamedBodies?: string[];
  /**
   * Paths (under /api/v1) that outside services post to with a form body and no Origin (Twilio, a mail relay):
   * they skip the same-origin check and must check a signature or secret themselves.
   */
  webhooks?: string[];
  /**
   * Routes at the site's root, outside /api (no session, no same-origin check): links inside emails and texts
   * (unsubscribe, tracking) that mail apps and their servers follow. Path → router.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each router carries its own variables
  publicRoutes?: (deps: Deps) => Record<string, Hono<any>>;
  /** Registers job handlers and timers; returns what stops the timers at shutdown. */
  jobs?: (jobs: Jobs, deps: Deps) => () => void;
};
