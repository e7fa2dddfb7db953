import type { Feature } from '../feature.ts';
import { metricsRoutes } from './metrics.routes.ts';

export const metricsFeature: Feature = {
  name: 'metrics',
  routes: (deps) => ({ '/metrics': metricsRoutes(deps) }),
};
