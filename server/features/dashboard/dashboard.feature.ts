import type { Feature } from '../feature.ts';
import { dashboardRoutes } from './dashboard.routes.ts';

/** The dashboard: a week (or 30, 90 days) of email and text figures, and the guests the campaigns brought back. */
export const dashboardFeature: Feature = {
  name: 'dashboard',
  routes: (deps) => ({ '/dashboard': dashboardRoutes(deps) }),
};
