import type { Feature } from '../feature.ts';
import { audioRoutes } from './audio.routes.ts';

/** Audio: speech from voice templates (stored, playable, usable as a video's voice-over) and trending sounds. */
export const audioFeature: Feature = {
  name: 'audio',
  routes: (deps) => ({ '/audio': audioRoutes(deps) }),
};
