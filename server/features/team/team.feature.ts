import type { Feature } from '../feature.ts';
import { teamRoutes } from './team.routes.ts';

/** Issue 19: staff who upload media from their own phones, invited by the owner. Access rules: server/middleware/team-access.ts. */
export const teamFeature: Feature = {
  name: 'team',
  routes: (deps) => ({ '/team': teamRoutes(deps) }),
};
