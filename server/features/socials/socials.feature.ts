import { publicFileRoutes } from '../../lib/public-files.ts';
import type { Feature } from '../feature.ts';
import { FILE_NAME } from './avatar-copy.ts';
import { socialsRoutes } from './socials.routes.ts';

export const socialsFeature: Feature = {
  name: 'socials',
  routes: (deps) => ({
    '/socials': socialsRoutes(deps),
    '/files/socials': publicFileRoutes(deps.storage, { folder: 'socials', name: FILE_NAME, missing: 'No such picture' }),
  }),
};
