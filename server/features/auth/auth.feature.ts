import type { Feature } from '../feature.ts';
import { registerAuthJobs } from './auth.jobs.ts';
import { authRoutes } from './auth.routes.ts';

export const authFeature: Feature = {
  name: 'auth',
  routes: (deps) => ({ '/auth': authRoutes(deps) }),
  jobs: registerAuthJobs,
};
