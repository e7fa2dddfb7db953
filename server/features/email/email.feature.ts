import { publicFileRoutes } from '../../lib/public-files.ts';
import type { Feature } from '../feature.ts';
import { EMAIL_IMAGE_NAME } from './email-image-files.ts';
import { emailRoutes } from './email.routes.ts';

export const emailFeature: Feature = {
  name: 'email',
  routes: (deps) => ({
    '/email': emailRoutes(deps),
    // Photos as emails show them: public by an unguessable name, kept for emails already sent.
    '/files/email-images': publicFileRoutes(deps.storage, { folder: 'email-images', name: EMAIL_IMAGE_NAME, missing: 'No such image' }),
  }),
};
