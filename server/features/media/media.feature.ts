import type { Feature } from '../feature.ts';
import { registerMediaJobs } from './media.jobs.ts';
import { mediaRoutes } from './media.routes.ts';

export const mediaFeature: Feature = {
  name: 'media',
  routes: (deps) => ({ '/media': mediaRoutes(deps) }),
  // Uploads stream to disk and enforce MEDIA_MAX_*_MB themselves as the bytes arrive.
  streamedBodies: ['/media/add', '/media/uploads', '/media/uploads/*'],
  jobs: registerMediaJobs,
};
