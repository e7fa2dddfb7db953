import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_MESSAGES } from '../../src/contract/video.ts';
import { failOrphanRenders, renderGate, renderVideoJob } from '../../server/features/video/video-render.job.ts';
import { JobPaused } from '../../server/jobs/queue.ts';
import { createJobs, type Jobs } from '../../server/jobs/jobs.ts';
import { resolveVideoBinaries } from '../../server/providers/video/video.ts';
import { startFakeTiktok, type FakeTiktok } from '../fakes/tiktok.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { jpegWithGps, mediaForm, mp4, png } from './media.fixtures.ts';

// Video campaigns end to end through the API: preconditions, scripts, a real render checked with ffprobe,
// a render interrupted mid-way, and TikTok publishing (chunked upload, FAILED, PUBLISH_COMPLETE, figures)
// against the local fake TikTok. Runs on PGlite, and on PostgreSQL with MISE_TEST_DB=postgres.

const SAME_ORIGIN = { Origin: 'http://localhost' };
const { ffprobe } = resolveVideoBinaries({});

let fake: FakeTiktok;
let t: TestApp;
let jobs: Jobs;
let owner: TestAccount;
let other: TestAccount;
const media: Record<string, string> = {};
let scriptId = '';
let videoId = '';

const settings = (account: TestAccount) => `/api/v1/users/settings/${account.userId}`;
const addMedia = (account: TestAccount, fields: Record<string, string>, file: { bytes: Buffer; name: string; type: string }) =>
  call(t.app, 'POST', '/api/v1/media/add', mediaForm(fields, file), account.token, SAME_ORIGIN);

function videoForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}
const createVideo = (account: TestAccount, fields: Record<string, string>) => call(t.app, 'POST', '/api/v1/video/videos', videoForm(fields), account.token, SAME_ORIGIN);

function probe(file: string): Promise<{ format: { duration: string }; streams: { codec_type: string; codec_name: string; width?: number; height?: number }[] }> {
  return new Promise((resolve, reject) =>
    execFile(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout)))),
  );
}

async function brandWithLogo(account: TestAccount) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await png(300, 300))], { type: 'image/png' }), 'logo.png');
  const upload = await call(t.app, 'POST', '/api/v1/brand/image', form, account.token, SAME_ORIGIN);
  expect(upload.status).toBe(200);
  return upload.body.url as string;
}

/** What the browser does when the owner links TikTok (the fake approves at once). */
async function linkTiktok(account: TestAccount) {
  const loginUrl = (await call(t.app, 'GET', '/api/v1/socials/tiktok/login-url', undefined, account.token)).body.login_url as string;
  const back = new URL((await fetch(loginUrl, { redirect: 'manual' })).headers.get('location') ?? '');
  const connected = await call(t.app, 'POST', '/api/v1/socials/tiktok/connect', { code: back.searchParams.get('code'), state: back.searchParams.get('state') }, account.token);
  expect(connected.status).toBe(200);
}

beforeAll(async () => {
  fake = await startFakeTiktok({ minChunkBytes: 64 * 1024 });
  t = await createTestApp({
    TIKTOK_CLIENT_KEY: fake.options.clientKey,
    TIKTOK_CLIENT_SECRET: fake.options.clientSecret,
    TIKTOK_AUTH_BASE_URL: fake.url,
    TIKTOK_API_BASE_URL: fake.url,
    PUBLIC_URL: 'https://mise.example',
    // Small chunks, so the short test video goes up in several (TikTok's own minimum is 5 MB).
    TIKTOK_MIN_CHUNK_BYTES: String(64 * 1024),
    TIKTOK_CHUNK_BYTES: String(64 * 1024),
  });
  jobs = createJobs({ db: t.deps.db, logger: t.deps.logger, now: t.deps.now, concurrency: 1 });
  (await import('../../server/features/video/video.feature.ts')).videoFeature.jobs!(jobs, t.deps);
  owner = await signUpVerified(t);
  other = await signUpVerified(t, { name: 'Kai Other' });
  const photo = await addMedia(owner, { name: 'Fish tacos.jpg', description: 'Fish tacos with lime on the counter', type: 'image' }, { bytes: await jpegWithGps(800, 600), name: 'tacos.jpg', type: 'image/jpeg' });
  const clip = await addMedia(owner, { name: 'Grill.mp4', description: 'Tacos on the grill', type: 'video' }, { bytes: mp4(3), name: 'grill.mp4', type: 'video/mp4' });
  const room = await addMedia(owner, { name: 'Dining room.png', description: 'Our dining room at night', type: 'image' }, { bytes: await png(600, 900), name: 'room.png', type: 'image/png' });
  const foreign = await addMedia(other, { name: 'Other.png', description: 'Not yours', type: 'image' }, { bytes: await png(), name: 'o.png', type: 'image/png' });
  for (const [key, res] of Object.entries({ photo, clip, room, foreign })) {
    expect(res.status).toBe(201);
    media[key] = res.body.id;
  }
}, 120_000);

afterAll(async () => {
  await jobs.stop();
  await t.close();
  await fake.close();
});

describe('video scripts', () => {
  it('refuses a script until the brand has a name, location and logo (the spec message) and names bad fields', async () => {
    const body = { user_query: 'Fish tacos are back', subcategory: 'offer' };
    const noBrand = await call(t.app, 'POST', '/api/v1/video/scripts', body, owner.token);
    expect(noBrand.status).toBe(409);
    expect(noBrand.body.error).toBe(VIDEO_MESSAGES.needDetails);

    await call(t.app, 'POST', settings(owner), { brandName: 'Rosa Tacos', location: '12 Mill Street, Leeds' }, owner.token);
    expect((await call(t.app, 'POST', '/api/v1/video/scripts', body, owner.token)).body.error).toBe(VIDEO_MESSAGES.needDetails);
    const logo = await brandWithLogo(owner);
    await call(t.app, 'POST', settings(owner), { brandLogo: logo }, owner.token);

    const empty = await call(t.app, 'POST', '/api/v1/video/scripts', { user_query: '  ', subcategory: 'offer' }, owner.token);
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ user_query: 'Describe your video' });
    const noKind = await call(t.app, 'POST', '/api/v1/video/scripts', { user_query: 'Fish tacos are back' }, owner.token);
    expect(noKind.body.fields).toEqual({ subcategory: 'Choose what kind of video this is' });
    const noStyle = await call(t.app, 'POST', '/api/v1/video/scripts', { user_query: 'Fish tacos are back', subcategory: 'dish_spotlight' }, owner.token);
    expect(noStyle.status).toBe(400);
    expect(noStyle.body.fields).toEqual({ video_style: 'Choose a style' });
    const styleNotOffered = await call(t.app, 'POST', '/api/v1/video/scripts', { ...body, video_style: 'calm' }, owner.token);
    expect(styleNotOffered.body.fields).toEqual({ video_style: 'This kind of video has no styles' });
  });

  it('writes a script from the concept with the owner’s own media, lists it (5 and 100) and edits it scene by scene', async () => {
    const created = await call(t.app, 'POST', '/api/v1/video/scripts', { user_query: 'Fish tacos are back on the menu. Grilled to order.', subcategory: 'dish_spotlight', video_style: 'close_up' }, owner.token);
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(VIDEO_MESSAGES.scriptCreated);
    scriptId = created.body.id;
    const script = (await call(t.app, 'GET', `/api/v1/video/scripts/${scriptId}`, undefined, owner.token)).body;
    expect(script).toMatchObject({ query: 'Fish tacos are back on the menu. Grilled to order.', subcategory: 'dish_spotlight', video_style: 'close_up', writer: 'builtin', version: 1 });
    expect(script.scenes.length).toBeGreaterThanOrEqual(3);
    // The opening scene shows the media that matches the concept (tacos), never the other owner's.
    expect([media.photo, media.clip]).toContain(script.scenes[0].media_id);
    expect(script.scenes.every((scene: { media_id: string | null }) => scene.media_id !== media.foreign)).toBe(true);

    for (const limit of ['5', '100']) {
      const list = await call(t.app, 'GET', `/api/v1/video/scripts?limit=${limit}`, undefined, owner.token);
      expect(list.body.results.map((s: { id: string }) => s.id)).toEqual([scriptId]);
    }
    expect((await call(t.app, 'GET', '/api/v1/video/scripts?limit=7', undefined, owner.token)).body.fields).toEqual({ limit: 'limit is 5 or 100' });

    // Three short scenes keep the render quick: a photo, the clip with sound, another photo.
    const scenes = [
      { ...script.scenes[0], media_id: media.photo, duration: 2, caption: 'Fish tacos are back', narration: 'Fish tacos are back on the menu.' },
      { ...script.scenes[1], media_id: media.clip, duration: 2, caption: 'Grilled to order', narration: 'Grilled to order.' },
      { ...script.scenes.at(-1), media_id: media.room, duration: 2 },
    ];
    const edited = await call(t.app, 'PUT', `/api/v1/video/scripts/${scriptId}`, { version: 1, title: 'Fish tacos are back', scenes }, owner.token);
    expect(edited.status).toBe(200);
    expect(edited.body.script).toMatchObject({ version: 2, title: 'Fish tacos are back' });
    expect(edited.body.script.scenes).toHaveLength(3);

    const stale = await call(t.app, 'PUT', `/api/v1/video/scripts/${scriptId}`, { version: 1, title: 'Old copy', scenes }, owner.token);
    expect(stale.status).toBe(409);
    expect(stale.body.script.version).toBe(2);
    const foreignMedia = await call(t.app, 'PUT', `/api/v1/video/scripts/${scriptId}`, { version: 2, title: 'x', scenes: [{ ...scenes[0], media_id: media.foreign }] }, owner.token);
    expect(foreignMedia.status).toBe(400);
    expect(foreignMedia.body.fields).toEqual({ 'scenes.0.media_id': 'This photo or clip is not in your media library' });
    const tooLong = await call(t.app, 'PUT', `/api/v1/video/scripts/${scriptId}`, { version: 2, title: 'x', scenes: [{ ...scenes[0], duration: 40 }] }, owner.token);
    expect(tooLong.body.fields).toEqual({ 'scenes.0.duration': 'A scene lasts at most 15 seconds' });
  });

  it("another owner's script is not found, whatever they do with it", async () => {
    for (const [method, url, body] of [
      ['GET', `/api/v1/video/scripts/${scriptId}`, undefined],
      ['PUT', `/api/v1/video/scripts/${scriptId}`, { version: 2, title: 'Mine now', scenes: [{ id: 'a', narration: '', caption: '', media_id: null, duration: 3 }] }],
      ['DELETE', `/api/v1/video/scripts/${scriptId}`, undefined],
      ['GET', '/api/v1/video/scripts/not-a-uuid', undefined],
    ] as const) {
      const res = await call(t.app, method, url, body, other.token, SAME_ORIGIN);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect((await call(t.app, 'GET', '/api/v1/video/scripts?limit=100', undefined, other.token)).body.results).toEqual([]);
  });
});

describe('videos', () => {
  it('refuses bad forms with the field named, a missing logo with the spec message, and another owner’s script or media', async () => {
    const noLogo = await createVideo(other, { script_id: scriptId });
    expect(noLogo.status).toBe(409);
    expect(noLogo.body.error).toBe(VIDEO_MESSAGES.needLogo);

    const cases: Array<[Record<string, string>, string, string]> = [
      [{}, 'script_id', 'Choose a script'],
      [{ script_id: scriptId, 'voice-over': 'robot-9000' }, 'voice-over', 'Choose one of the voices'],
      [{ script_id: scriptId, 'add-logo': 'maybe' }, 'add-logo', 'add-logo is true or false'],
      [{ script_id: scriptId, config: '{not json' }, 'config', 'config must be JSON'],
      [{ script_id: scriptId, config: JSON.stringify({ HexCode: 'white' }) }, 'config.HexCode', 'Caption colour is a hex colour like #FFFFFF'],
      [{ script_id: scriptId, videos_array: JSON.stringify(['x']) }, 'videos_array', 'The chosen clips and photos must be a list of media ids'],
      [{ script_id: scriptId, videos_array: JSON.stringify([media.foreign]) }, 'videos_array', 'A chosen photo or clip is not in your media library'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await createVideo(owner, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.fields).toEqual({ [field]: message });
    }
    const othersScript = await createVideo(owner, { script_id: '00000000-0000-4000-8000-000000000000' });
    expect(othersScript.status).toBe(404);
  });

  it('renders the script into a 1080×1920 MP4 with sound, a poster, and the progress on the way', async () => {
    const created = await createVideo(owner, {
      script_id: scriptId,
      'voice-over': 'en-us-female',
      'add-logo': 'true',
      config: JSON.stringify({ Bold: true, Italic: false, HexCode: '#FFEE00', RestaurantName: true, Transitions: true, TrimPauses: false, Captions: true }),
    });
    expect(created.status).toBe(201);
    videoId = created.body.task_id;
    const pending = await call(t.app, 'GET', `/api/v1/video/videos/${videoId}`, undefined, owner.token);
    expect(pending.body).toMatchObject({ status: 'pending', progress: 0, video_url: null, title: 'Fish tacos are back' });

    expect(await jobs.runDue()).toBeGreaterThanOrEqual(1);
    const done = (await call(t.app, 'GET', `/api/v1/video/videos/${videoId}`, undefined, owner.token)).body;
    expect(done).toMatchObject({ status: 'done', progress: 1, error: null, voice: 'en-us-female' });
    expect(done.duration).toBeGreaterThan(4);
    expect(done.poster_url).toMatch(/^\/api\/v1\/media\/files\//);

    const file = await t.app.request(done.video_url);
    expect(file.status).toBe(200);
    const local = path.join(os.tmpdir(), `mise-video-${videoId}.mp4`);
    fs.writeFileSync(local, Buffer.from(await file.arrayBuffer()));
    const info = await probe(local);
    fs.rmSync(local);
    const video = info.streams.find((stream) => stream.codec_type === 'video');
    expect(video).toMatchObject({ codec_name: 'h264', width: 1080, height: 1920 });
    expect(info.streams.find((stream) => stream.codec_type === 'audio')?.codec_name).toBe('aac');
    expect(Number(info.format.duration)).toBeCloseTo(done.duration, 0);
    expect((await t.app.request(done.poster_url)).headers.get('content-type')).toBe('image/webp');

    // Listed as generated and as a draft (not published yet), found by the concept's words in any case.
    const generated = await call(t.app, 'GET', '/api/v1/video/videos?filter=generated', undefined, owner.token);
    expect(generated.body.results.map((v: { id: string }) => v.id)).toEqual([videoId]);
    const search = await call(t.app, 'GET', '/api/v1/video/videos?filter=drafts&search=FISH%20TACOS', undefined, owner.token);
    expect(search.body.results).toHaveLength(1);
    expect((await call(t.app, 'GET', '/api/v1/video/videos?filter=drafts&search=burgers', undefined, owner.token)).body.results).toEqual([]);
    expect((await call(t.app, 'GET', '/api/v1/video/videos?filter=everything', undefined, owner.token)).body.fields).toEqual({ filter: 'filter is all, generated, drafts or published' });
    // Counted against the plan.
    expect((await call(t.app, 'GET', '/api/v1/video/options', undefined, owner.token)).body.usage.used).toBe(1);
  }, 240_000);

  it("another owner's video is not found", async () => {
    for (const [method, url] of [
      ['GET', `/api/v1/video/videos/${videoId}`],
      ['POST', `/api/v1/video/videos/${videoId}/retry`],
      ['DELETE', `/api/v1/video/videos/${videoId}`],
      ['GET', `/api/v1/video/videos/${videoId}/analytics`],
    ] as const) {
      expect((await call(t.app, method, url, undefined, other.token, SAME_ORIGIN)).status, `${method} ${url}`).toBe(404);
    }
    const publish = await call(t.app, 'POST', `/api/v1/video/videos/${videoId}/publish`, { privacy_level: 'SELF_ONLY' }, other.token);
    expect(publish.status).toBe(404);
    expect((await call(t.app, 'GET', '/api/v1/video/videos', undefined, other.token)).body.results).toEqual([]);
  });

  it('a render whose process died mid-way is taken over and finishes; one whose job is gone ends in error with a Retry', async () => {
    // Free makes one video a month: the plan says so, by name.
    const limited = await createVideo(owner, { script_id: scriptId, 'voice-over': 'none' });
    expect(limited.status).toBe(402);
    expect(limited.body.error).toMatch(/^Your Free plan allows 1 videos a month\. Upgrade to/);
    const now = new Date();
    await t.deps.db
      .insertInto('subscriptions')
      .values({ user_id: owner.userId, plan_id: 'premium', status: 'active', provider: 'builtin', current_period_start: now, current_period_end: new Date(now.getTime() + 30 * 86_400_000), created_at: now, updated_at: now })
      .execute();

    const created = await createVideo(owner, { script_id: scriptId, 'voice-over': 'none', config: JSON.stringify({ Transitions: false }) });
    expect(created.status).toBe(201);
    const id = created.body.task_id as string;
    // Every render slot busy: the job is handed back (no attempt used), the video stays pending.
    const busy = renderGate(1);
    busy.tryAcquire();
    await expect(renderVideoJob(t.deps, id, new AbortController().signal, busy)).rejects.toBeInstanceOf(JobPaused);
    expect((await call(t.app, 'GET', `/api/v1/video/videos/${id}`, undefined, owner.token)).body.status).toBe('pending');
    // Another process claimed the job and died: its lease runs out and this worker takes the job over.
    await t.deps.db.updateTable('jobs').set({ status: 'active', attempts: 1, locked_by: 'worker-dead', locked_until: new Date(Date.now() - 1000) }).where('singleton_key', '=', `video:${id}`).execute();
    await jobs.runDue();
    expect((await call(t.app, 'GET', `/api/v1/video/videos/${id}`, undefined, owner.token)).body.status).toBe('done');

    const lost = (await createVideo(owner, { script_id: scriptId, 'voice-over': 'none' })).body.task_id as string;
    await t.deps.db.deleteFrom('jobs').where('singleton_key', '=', `video:${lost}`).execute();
    await failOrphanRenders(t.deps);
    const failed = (await call(t.app, 'GET', `/api/v1/video/videos/${lost}`, undefined, owner.token)).body;
    expect(failed).toMatchObject({ status: 'error', error: 'The render stopped before it finished. Tap Retry to make it again.' });
    const retried = await call(t.app, 'POST', `/api/v1/video/videos/${lost}/retry`, undefined, owner.token, SAME_ORIGIN);
    expect(retried.status).toBe(200);
    expect((await call(t.app, 'GET', `/api/v1/video/videos/${lost}`, undefined, owner.token)).body.status).toBe('pending');
    const again = await call(t.app, 'POST', `/api/v1/video/videos/${lost}/retry`, undefined, owner.token, SAME_ORIGIN);
    expect(again.status).toBe(409);
    // Not rendered here: the next test publishes the first video only.
    await t.deps.db.deleteFrom('jobs').where('singleton_key', '=', `video:${lost}`).execute();
    await call(t.app, 'DELETE', `/api/v1/video/videos/${lost}`, undefined, owner.token, SAME_ORIGIN);
  }, 240_000);
});

describe('publishing to TikTok (the fake)', () => {
  const poll = async () => {
    // The status job asks again a few seconds later: move the clock and run what is due.
    for (let round = 0; round < 5; round += 1) {
      t.advance(6000);
      await jobs.runDue();
    }
  };

  it('needs a linked account, shows the creator’s privacy options and refuses others', async () => {
    const unlinked = await call(t.app, 'GET', '/api/v1/video/tiktok/creator-info', undefined, owner.token);
    expect(unlinked.status).toBe(409);
    await linkTiktok(owner);
    const info = await call(t.app, 'GET', '/api/v1/video/tiktok/creator-info', undefined, owner.token);
    expect(info.body).toEqual({ nickname: "Rosa's Tacos", privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'], comment_disabled: false, max_video_post_duration_sec: 600 });
    const bad = await call(t.app, 'POST', `/api/v1/video/videos/${videoId}/publish`, { privacy_level: 'FOLLOWER_OF_CREATOR' }, owner.token);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ privacy_level: 'Choose one of the options TikTok offers for your account' });
    const empty = await call(t.app, 'POST', `/api/v1/video/videos/${videoId}/publish`, {}, owner.token);
    expect(empty.body.fields).toEqual({ privacy_level: 'Choose who can see the video' });
  });

  it('uploads in chunks, follows a FAILED status, then publishes again to PUBLISH_COMPLETE and records the figures', async () => {
    const first = await call(t.app, 'POST', `/api/v1/video/videos/${videoId}/publish`, { privacy_level: 'SELF_ONLY', title: 'Fish tacos are back #tacos' }, owner.token);
    expect(first.status).toBe(202);
    expect(first.body.video.publish).toMatchObject({ status: 'QUEUED', privacy_level: 'SELF_ONLY' });
    expect((await call(t.app, 'POST', `/api/v1/video/videos/${videoId}/publish`, { privacy_level: 'SELF_ONLY' }, owner.token)).status).toBe(409);

    await jobs.runDue();
    const post = fake.posts[0]!;
    expect(post.totalChunkCount).toBeGreaterThan(1);
    expect(post.chunks).toHaveLength(post.totalChunkCount);
    expect(post.received).toBe(post.videoSize);
    expect(post.title).toBe('Fish tacos are back #tacos');
    post.failWith = 'spam_risk_too_many_posts';
    await poll();
    const failed = (await call(t.app, 'GET', `/api/v1/video/videos/${videoId}`, undefined, owner.token)).body;
    expect(failed.publish).toMatchObject({ status: 'FAILED', error: 'TikTok did not publish it (spam_risk_too_many_posts)' });

    // Publishing again after a failure is allowed.
    expect((await call(t.app, 'POST', `/api/v1/video/videos/${videoId}/publish`, { privacy_level: 'PUBLIC_TO_EVERYONE' }, owner.token)).status).toBe(202);
    await jobs.runDue();
    const second = fake.posts[1]!;
    second.figures = { views: 1200, likes: 87, comments: 9, shares: 14 };
    await poll();
    const published = (await call(t.app, 'GET', `/api/v1/video/videos/${videoId}`, undefined, owner.token)).body;
    expect(published.publish).toMatchObject({ status: 'PUBLISH_COMPLETE', post_id: second.postId, privacy_level: 'PUBLIC_TO_EVERYONE' });
    expect(published.figures).toMatchObject({ views: 1200, likes: 87, comments: 9, shares: 14 });

    // The History lists it; a refresh takes a new snapshot, and the analytics show the change.
    const history = await call(t.app, 'GET', '/api/v1/video/videos?filter=published', undefined, owner.token);
    expect(history.body.results.map((v: { id: string }) => v.id)).toEqual([videoId]);
    second.figures = { views: 1500, likes: 90, comments: 10, shares: 15 };
    t.advance(3600_000);
    expect((await call(t.app, 'POST', '/api/v1/video/figures/refresh', undefined, owner.token, SAME_ORIGIN)).status).toBe(202);
    await jobs.runDue();
    const analytics = (await call(t.app, 'GET', `/api/v1/video/videos/${videoId}/analytics`, undefined, owner.token)).body;
    expect(analytics.snapshots.map((s: { views: number }) => s.views)).toEqual([1200, 1500]);
    expect(analytics.coverage).toEqual({ week: 1500, month: 1500, year: 1500 });
    expect(analytics.video.figures.views).toBe(1500);
    // Spec §2: the analytics page is keyed by TikTok's publish_id; another owner's publish_id is not found.
    const publishId = analytics.video.publish.publish_id as string;
    const byPublish = await call(t.app, 'GET', `/api/v1/video/analytics/${encodeURIComponent(publishId)}`, undefined, owner.token);
    expect(byPublish.status).toBe(200);
    expect(byPublish.body).toEqual(analytics);
    expect((await call(t.app, 'GET', `/api/v1/video/analytics/${encodeURIComponent(publishId)}`, undefined, other.token)).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/v1/video/analytics/no-such-publish', undefined, owner.token)).status).toBe(404);
  }, 60_000);
});
