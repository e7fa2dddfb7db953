import { publicFileRoutes } from '../../lib/public-files.ts';
import type { Feature } from '../feature.ts';
import { BRAND_FILE_NAME } from './brand-images.ts';
import { brandRoutes, brandSettingsRoutes } from './brand.routes.ts';

export const brandFeature: Feature = {
  name: 'brand',
  routes: (deps) => ({
    '/users/settings': brandSettingsRoutes(deps),
    '/brand': brandRoutes(deps),
    // Brand images appear in emails sent to customers: public by an unguessable name.
    '/files/brand': publicFileRoutes(deps.storage, { folder: 'brand', name: BRAND_FILE_NAME, missing: 'No such image' }),
  }),
};
