import type { Feature } from '../feature.ts';
import { healthRoutes } from './health.routes.ts';

export const healthFeature: Feature = {
  name: 'health',
  routes: (deps) => ({ '/health': healthRoutes(deps) }),
};
