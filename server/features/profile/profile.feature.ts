import { publicFileRoutes } from '../../lib/public-files.ts';
import type { Feature } from '../feature.ts';
import { AVATAR_NAME } from './profile-image.ts';
import { profileRoutes } from './profile.routes.ts';

/** The owner's account ("profile" everywhere; its API keeps the spec's /users paths): who they are, password, notification switches. */
export const profileFeature: Feature = {
  name: 'profile',
  routes: (deps) => ({
    '/users': profileRoutes(deps),
    '/files/avatars': publicFileRoutes(deps.storage, { folder: 'avatars', name: AVATAR_NAME, missing: 'No such picture' }),
  }),
};
