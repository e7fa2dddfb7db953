import type { Feature } from '../feature.ts';
import { customersRoutes } from './customers.routes.ts';

export const customersFeature: Feature = {
  name: 'customers',
  routes: (deps) => ({ '/customers': customersRoutes(deps) }),
};
