import type { Feature } from '../feature.ts';
import { askRoutes } from './ask.routes.ts';
import { registerCampaignRefillJobs } from '../analytics/campaign-refill.ts';

/** Ask: a chat over the café's own numbers, answering in words and charts (issue 16). */
export const askFeature: Feature = {
  name: 'ask',
  routes: (deps) => ({ '/ask': askRoutes(deps) }),
  // What campaigns brought back, kept ahead of the owner's questions after a send or an import.
  jobs: registerCampaignRefillJobs,
};
