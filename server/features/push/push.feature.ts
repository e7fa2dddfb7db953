import type { Feature } from '../feature.ts';
import { pushRoutes } from './push.routes.ts';

/** Web Push: this device's subscription and the server's VAPID key. Long work calls notify() (notify.ts). */
export const pushFeature: Feature = {
  name: 'push',
  routes: (deps) => ({ '/push': pushRoutes(deps) }),
};
