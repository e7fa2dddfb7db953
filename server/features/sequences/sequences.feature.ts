import type { Feature } from '../feature.ts';
import { registerSequenceJobs } from './sequences.jobs.ts';
import { sequencesRoutes } from './sequences.routes.ts';

/** Sequences: email and text campaigns chained into steps that run by themselves, through the sending engine. */
export const sequencesFeature: Feature = {
  name: 'sequences',
  routes: (deps) => ({ '/sequences': sequencesRoutes(deps) }),
  jobs: registerSequenceJobs,
};
