import type { Deps } from '../../deps.ts';
import { createScript, getScript } from '../video/video-scripts.service.ts';
import { renderGate, renderVideoJob } from '../video/video-render.job.ts';
import type { VideoRequest } from '../video/video.table.ts';

const DAY = 86_400_000;

/**
 * A demo video campaign: a script the built-in writer made from a concept and the demo photos, rendered for
 * real (a short MP4 with the built-in voice and captions), shown as published to TikTok ten days ago with
 * figures that grew day by day. The publish and the figures are made up: the title starts with "Demo:" and
 * the screens say "Demo data" wherever they show them; the figures job never asks TikTok about it.
 */
export async function seedDemoVideo(deps: Deps, userId: string, now: Date): Promise<string | null> {
  const { id: scriptId } = await createScript(deps, userId, { user_query: 'Pumpkin soup is back for autumn', subcategory: 'dish_spotlight', video_style: 'story' });
  const script = await getScript(deps, userId, scriptId);
  // Two seconds a scene keeps `npm run demo` quick.
  const scenes = script.scenes.map((scene) => ({ ...scene, duration: 2 }));
  await deps.db.updateTable('video_scripts').set({ title: 'Demo: Pumpkin soup is back', scenes: JSON.stringify(scenes), version: 2 }).where('id', '=', scriptId).execute();
  if (scenes.some((scene) => !scene.media_id)) return null;
  const request: VideoRequest = {
    scenes,
    voice: deps.tts.voices()[0]?.id ?? null,
    addLogo: true,
    config: { Bold: true, Italic: false, HexCode: '#FFFFFF', RestaurantName: true, Transitions: true, TrimPauses: false, Captions: true },
  };
  const published = new Date(now.getTime() - 10 * DAY);
  const video = await deps.db
    .insertInto('videos')
    .values({ user_id: userId, script_id: scriptId, script_query: script.query, title: 'Demo: Pumpkin soup is back', request: JSON.stringify(request), demo: true, created_at: published, updated_at: published })
    .returning('id')
    .executeTakeFirstOrThrow();
  await renderVideoJob(deps, video.id, new AbortController().signal, renderGate(1));
  const row = await deps.db.selectFrom('videos').select('status').where('id', '=', video.id).executeTakeFirstOrThrow();
  if (row.status !== 'done') return null;
  await deps.db
    .insertInto('video_publishes')
    .values({ video_id: video.id, user_id: userId, publish_id: `demo-${video.id}`, status: 'PUBLISH_COMPLETE', privacy_level: 'PUBLIC_TO_EVERYONE', caption: 'Demo: Pumpkin soup is back', post_id: `demo-${video.id}`, published_at: published, created_at: published, updated_at: published })
    .execute();
  // One snapshot a day: most views in the first days, then a slower climb.
  const snapshots = Array.from({ length: 10 }, (_, day) => {
    const views = Math.round(2400 * (1 - Math.exp(-(day + 1) / 3)));
    return { video_id: video.id, taken_at: new Date(published.getTime() + (day + 1) * DAY), views, likes: Math.round(views * 0.07), comments: Math.round(views * 0.008), shares: Math.round(views * 0.012) };
  });
  await deps.db.insertInto('video_snapshots').values(snapshots).execute();
  return video.id;
}
