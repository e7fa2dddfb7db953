import type { Feature } from '../feature.ts';
import { registerPublishJobs } from './video-publish.ts';
import { registerRenderJobs } from './video-render.job.ts';
import { registerSuggestionJobs } from './video-suggestions.ts';
import { videoRoutes } from './video.routes.ts';

/** Video campaigns: scripts, renders (a job running ffmpeg in a child process), TikTok publishing and figures. */
export const videoFeature: Feature = {
  name: 'video',
  routes: (deps) => ({ '/video': videoRoutes(deps) }),
  jobs: (jobs, deps) => {
    const stopRender = registerRenderJobs(jobs, deps);
    const stopPublish = registerPublishJobs(jobs, deps);
    const stopSuggestions = registerSuggestionJobs(jobs, deps);
    return () => {
      stopSuggestions();
      stopRender();
      stopPublish();
    };
  },
};
