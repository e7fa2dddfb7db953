import type { Feature } from '../feature.ts';
import { registerSegmentJobs } from './segments.jobs.ts';
import { segmentsRoutes } from './segments.routes.ts';

export const segmentsFeature: Feature = {
  name: 'segments',
  routes: (deps) => ({ '/segments': segmentsRoutes(deps) }),
  jobs: registerSegmentJobs,
};
