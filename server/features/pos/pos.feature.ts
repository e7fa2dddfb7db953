import type { Feature } from '../feature.ts';
import { registerPosJobs } from './pos-import.ts';
import { cloverRoutes, disconnectRoutes, posRoutes, squareRoutes } from './pos.routes.ts';

export const posFeature: Feature = {
  name: 'pos',
  routes: (deps) => ({ '/square': squareRoutes(deps), '/clover': cloverRoutes(deps), '/disconnect': disconnectRoutes(deps), '/pos': posRoutes(deps) }),
  jobs: registerPosJobs,
};
