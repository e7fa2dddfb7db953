import type { Feature } from '../feature.ts';
import { registerSendingJobs } from './sending.jobs.ts';
import { bounceRoutes, sendsRoutes } from './sending.routes.ts';
import { trackingRoutes } from './tracking.routes.ts';

/** The sending engine: the ledger, its jobs, what the owner can do with a send, and the links inside messages. */
export const sendingFeature: Feature = {
  name: 'sending',
  routes: (deps) => ({ '/sends': sendsRoutes(deps), '/mail/bounces': bounceRoutes(deps) }),
  webhooks: ['/mail/bounces'],
  publicRoutes: trackingRoutes,
  jobs: registerSendingJobs,
};
