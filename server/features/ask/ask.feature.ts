import type { Feature } from '../feature.ts';
import { askRoutes } from './ask.routes.ts';

/** Ask: a chat over the café's own numbers, answering in words and charts (issue 16). */
export const askFeature: Feature = {
  name: 'ask',
  routes: (deps) => ({ '/ask': askRoutes(deps) }),
};
