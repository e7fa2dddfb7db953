import type { Feature } from '../feature.ts';
import { billingWebhookRoutes, subscriptionsRoutes } from './subscriptions.routes.ts';

export const subscriptionsFeature: Feature = {
  name: 'subscriptions',
  routes: (deps) => ({ '/subscriptions': subscriptionsRoutes(deps), '/billing/webhook': billingWebhookRoutes(deps) }),
};
