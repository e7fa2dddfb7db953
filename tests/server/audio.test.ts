import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_MESSAGES } from '../../src/contract/audio.ts';
import { aggregateSounds } from '../../server/providers/trending/tiktok-research.ts';
import { createJobs, type Jobs } from '../../server/jobs/jobs.ts';
import { resolveVideoBinaries } from '../../server/providers/video/video.ts';
import { startFakeResearch, type FakeResearch } from '../fakes/tiktok-research.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { mediaForm, png } from './media.fixtures.ts';

// The Audio page's API (voice templates with real samples, generated audios, one used as a video's voice-over)
// and Trending Audios (TikTok's Research API through the local fake; nothing shown without it).
// Runs on PGlite, and on PostgreSQL with the PostgreSQL project.

const SAME_ORIGIN = { Origin: 'http://localhost' };
const { ffprobe } = resolveVideoBinaries({});

let t: TestApp;
let jobs: Jobs;
let owner: TestAccount;
let other: TestAccount;
let audioId = '';

function probe(file: string): Promise<{ format: { duration: string }; streams: { codec_type: string }[] }> {
  return new Promise((resolve, reject) =>
    execFile(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout)))),
  );
}

async function probeBytes(bytes: ArrayBuffer, extension: string) {
  const local = path.join(os.tmpdir(), `mise-audio-${Date.now()}-${Math.random().toString(36).slice(2)}.${extension}`);
  fs.writeFileSync(local, Buffer.from(bytes));
  try {
    return await probe(local);
  } finally {
    fs.rmSync(local);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  jobs = createJobs({ db: t.deps.db, logger: t.deps.logger, now: t.deps.now, concurrency: 1 });
  (await import('../../server/features/video/video.feature.ts')).videoFeature.jobs!(jobs, t.deps);
  owner = await signUpVerified(t);
  other = await signUpVerified(t, { name: 'Kai Other' });
}, 60_000);

afterAll(async () => {
  await jobs.stop();
  await t.close();
});

describe('voice templates', () => {
  it('lists the built-in voices, each with a sample that is real speech, labelled built-in', async () => {
    const list = await call(t.app, 'GET', '/api/v1/audio/voices', undefined, owner.token);
    expect(list.status).toBe(200);
    expect(list.body.engine).toBe('builtin');
    expect(list.body.results.length).toBeGreaterThanOrEqual(5);
    const voice = list.body.results.find((entry: { id: string }) => entry.id === 'en-us-female');
    expect(voice).toMatchObject({ engine: 'builtin', name: 'Ava (American English)' });

    const sample = await t.app.request(voice.sample_url);
    expect(sample.status).toBe(200);
    expect(sample.headers.get('content-type')).toBe('audio/wav');
    const bytes = await sample.arrayBuffer();
    expect(Buffer.from(bytes).subarray(0, 4).toString()).toBe('RIFF');
    const info = await probeBytes(bytes, 'wav');
    expect(info.streams[0]?.codec_type).toBe('audio');
    // The sample sentence takes a second or more to say.
    expect(Number(info.format.duration)).toBeGreaterThan(1);
    // Kept: the second play is the same bytes, from storage.
    const again = await t.app.request(voice.sample_url);
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    // Seeking works (Range).
    const part = await t.app.request(voice.sample_url, { headers: { Range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
  }, 60_000);

  it('refuses forged or unknown sample links', async () => {
    const list = await call(t.app, 'GET', '/api/v1/audio/voices', undefined, owner.token);
    const url = new URL(list.body.results[0].sample_url, 'http://localhost');
    const forged = await t.app.request(`${url.pathname.replace(/[^/]+$/, 'de-male')}${url.search}`);
    expect(forged.status).toBe(403);
    expect((await t.app.request(`${url.pathname}?exp=1&sig=abc`)).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/audio/voices')).status).toBe(401);
  });
});

describe('generated audios', () => {
  it('names each bad field', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ voice: 'en-us-male' }, { text: 'Type what the voice should say' }],
      [{ text: '   ', voice: 'en-us-male' }, { text: 'Type what the voice should say' }],
      [{ text: 42, voice: 'en-us-male' }, { text: 'Type what the voice should say' }],
      [{ text: 'x'.repeat(1001), voice: 'en-us-male' }, { text: 'Keep the text under 1000 characters' }],
      [{ text: 'Hello' }, { voice: 'Choose a voice' }],
      [{ text: 'Hello', voice: '' }, { voice: 'Choose a voice' }],
      [{ text: 'Hello', voice: 'robot-9000' }, { voice: 'Choose one of the voices' }],
    ];
    for (const [body, fields] of cases) {
      const res = await call(t.app, 'POST', '/api/v1/audio/audios', body, owner.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields).toEqual(fields);
    }
    expect((await call(t.app, 'GET', '/api/v1/audio/audios', undefined, owner.token)).body.results).toEqual([]);
  });

  it('speaks a text with a voice template, stores it, lists it and plays it', async () => {
    const text = 'Fish tacos are back on the menu this Friday. Come early, they go fast!';
    const created = await call(t.app, 'POST', '/api/v1/audio/audios', { text, voice: 'en-gb-female' }, owner.token);
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(AUDIO_MESSAGES.created);
    expect(created.body.audio).toMatchObject({ text, voice: 'en-gb-female', voice_name: 'Grace (British English)', engine: 'builtin', mime_type: 'audio/wav', demo: false });
    expect(created.body.audio.duration).toBeGreaterThan(2);
    audioId = created.body.audio.id;

    const list = await call(t.app, 'GET', '/api/v1/audio/audios', undefined, owner.token);
    expect(list.body.results.map((audio: { id: string }) => audio.id)).toEqual([audioId]);
    const file = await t.app.request(list.body.results[0].audio_url);
    expect(file.status).toBe(200);
    const info = await probeBytes(await file.arrayBuffer(), 'wav');
    expect(Number(info.format.duration)).toBeCloseTo(created.body.audio.duration, 1);
    expect((await call(t.app, 'GET', `/api/v1/audio/audios/${audioId}`, undefined, owner.token)).body.id).toBe(audioId);
    // Nobody else sees it.
    expect((await call(t.app, 'GET', '/api/v1/audio/audios', undefined, other.token)).body.results).toEqual([]);
  }, 60_000);

  it("another owner's audio is not found, whatever they do with it", async () => {
    for (const [method, url] of [
      ['GET', `/api/v1/audio/audios/${audioId}`],
      ['DELETE', `/api/v1/audio/audios/${audioId}`],
      ['GET', '/api/v1/audio/audios/not-a-uuid'],
    ] as const) {
      const res = await call(t.app, method, url, undefined, other.token);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.error).toBe('Audio not found');
    }
    // And it cannot be their video's voice-over.
    const form = new FormData();
    form.append('script_id', '00000000-0000-4000-8000-000000000000');
    form.append('voice-over', `audio:${audioId}`);
    await brandWithLogo(other);
    const video = await call(t.app, 'POST', '/api/v1/video/videos', form, other.token, SAME_ORIGIN);
    expect(video.status).toBe(404);
  });

  it('uses a generated audio as the voice-over of a video', async () => {
    await call(t.app, 'POST', `/api/v1/users/settings/${owner.userId}`, { brandName: 'Rosa Tacos', location: '12 Mill Street, Leeds' }, owner.token);
    await brandWithLogo(owner);
    const photo = await call(t.app, 'POST', '/api/v1/media/add', mediaForm({ name: 'Tacos.png', description: 'Fish tacos', type: 'image' }, { bytes: await png(600, 900), name: 'tacos.png', type: 'image/png' }), owner.token, SAME_ORIGIN);
    expect(photo.status).toBe(201);
    const script = await call(t.app, 'POST', '/api/v1/video/scripts', { user_query: 'Fish tacos are back', subcategory: 'offer' }, owner.token);
    expect(script.status).toBe(201);
    const full = (await call(t.app, 'GET', `/api/v1/video/scripts/${script.body.id}`, undefined, owner.token)).body;
    const scene = { ...full.scenes[0], media_id: photo.body.id, duration: 2, caption: 'Fish tacos are back', narration: 'This narration is not spoken.' };
    expect((await call(t.app, 'PUT', `/api/v1/video/scripts/${script.body.id}`, { version: 1, title: 'Tacos', scenes: [scene] }, owner.token)).status).toBe(200);

    const bad = new FormData();
    bad.append('script_id', script.body.id);
    bad.append('voice-over', 'audio:not-a-uuid');
    expect((await call(t.app, 'POST', '/api/v1/video/videos', bad, owner.token, SAME_ORIGIN)).status).toBe(404);

    const form = new FormData();
    form.append('script_id', script.body.id);
    form.append('voice-over', `audio:${audioId}`);
    form.append('add-logo', 'false');
    form.append('config', JSON.stringify({ Transitions: false, Captions: false }));
    const created = await call(t.app, 'POST', '/api/v1/video/videos', form, owner.token, SAME_ORIGIN);
    expect(created.status).toBe(201);
    const videoId = created.body.task_id;
    expect(await jobs.runDue()).toBeGreaterThanOrEqual(1);
    const done = (await call(t.app, 'GET', `/api/v1/video/videos/${videoId}`, undefined, owner.token)).body;
    expect(done).toMatchObject({ status: 'done', voice: `audio:${audioId}` });
    // The video is as long as its scenes; its sound is the generated audio (the photo has none, and no voice
    // speaks the narration): loud enough to hear, not silence.
    expect(done.duration).toBeCloseTo(2, 0);
    const local = path.join(os.tmpdir(), `mise-video-${videoId}.mp4`);
    fs.writeFileSync(local, Buffer.from(await (await t.app.request(done.video_url)).arrayBuffer()));
    try {
      const info = await probe(local);
      expect(info.streams.some((stream) => stream.codec_type === 'audio')).toBe(true);
      const stderr = await new Promise<string>((resolve) =>
        execFile(resolveVideoBinaries({}).ffmpeg, ['-hide_banner', '-i', local, '-af', 'volumedetect', '-vn', '-f', 'null', '-'], (_error, _out, err) => resolve(err)),
      );
      const max = Number(/max_volume: (-?[\d.]+) dB/.exec(stderr)?.[1] ?? '-1000');
      expect(max).toBeGreaterThan(-30);
    } finally {
      fs.rmSync(local, { force: true });
    }
  }, 240_000);

  it('deletes an audio', async () => {
    const res = await call(t.app, 'DELETE', `/api/v1/audio/audios/${audioId}`, undefined, owner.token);
    expect(res.body.message).toBe(AUDIO_MESSAGES.deleted);
    expect((await call(t.app, 'GET', '/api/v1/audio/audios', undefined, owner.token)).body.results).toEqual([]);
    expect((await call(t.app, 'GET', `/api/v1/audio/audios/${audioId}`, undefined, owner.token)).status).toBe(404);
  });
});

async function brandWithLogo(account: TestAccount) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await png(300, 300))], { type: 'image/png' }), 'logo.png');
  const upload = await call(t.app, 'POST', '/api/v1/brand/image', form, account.token, SAME_ORIGIN);
  expect(upload.status).toBe(200);
  await call(t.app, 'POST', `/api/v1/users/settings/${account.userId}`, { brandLogo: upload.body.url }, account.token);
}

describe('trending audios', () => {
  it('without a source: says what it needs and shows no figures; refresh is refused', async () => {
    const res = await call(t.app, 'GET', '/api/v1/audio/trending', undefined, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: 'none', results: [], fetched_at: null });
    // Owners read what they can do; the variable names are for the start-up summary and the README.
    expect(res.body.setup).toMatch(/^Trending audios aren’t available on this Mise yet\./);
    expect(res.body.setup).not.toMatch(/[A-Z]+_[A-Z_]+/);
    const refresh = await call(t.app, 'POST', '/api/v1/audio/trending/refresh', undefined, owner.token);
    expect(refresh.status).toBe(409);
    expect(refresh.body.code).toBe('not_configured');
  });

  describe('from the Research API (local fake)', () => {
    let fake: FakeResearch;
    let app: TestApp;
    let account: TestAccount;
    beforeAll(async () => {
      fake = await startFakeResearch();
      app = await createTestApp({ TIKTOK_RESEARCH_CLIENT_KEY: fake.options.clientKey, TIKTOK_RESEARCH_CLIENT_SECRET: fake.options.clientSecret, TIKTOK_RESEARCH_BASE_URL: fake.url, TRENDING_REGION: 'us' });
      account = await signUpVerified(app);
    }, 60_000);
    afterAll(async () => {
      await app.close();
      await fake.close();
    });

    it('refreshes: ranks the sounds of recent food videos in the region by views, with their hashtags', async () => {
      const before = await call(app.app, 'GET', '/api/v1/audio/trending', undefined, account.token);
      expect(before.body).toMatchObject({ source: 'tiktok_research', region: 'US', results: [], fetched_at: null, setup: null });

      const refresh = await call(app.app, 'POST', '/api/v1/audio/trending/refresh', undefined, account.token);
      expect(refresh.status).toBe(200);
      expect(refresh.body.message).toBe('Trending audios refreshed');
      const results = refresh.body.trending.results;
      // 7001: 120k + 80k + 50k views; 7002: 150k. The GB video, the one with no sound and the 40-day-old one are left out.
      expect(results[0]).toMatchObject({ music_id: '7001', play_count: 250_000, likes: 25_000, comments: 2_500, shares: 1_250, videos: 3, url: 'https://www.tiktok.com/music/-7001' });
      expect(results[0].hashtags.slice(0, 2)).toEqual(['food', 'tacos']);
      expect(results[1]).toMatchObject({ music_id: '7002', play_count: 150_000, hashtags: ['cafe', 'coffee'] });
      expect(results.map((sound: { music_id: string }) => sound.music_id)).not.toContain('7004');
      expect(results.map((sound: { music_id: string }) => sound.music_id)).not.toContain('7005');
      // 145 matching videos: two pages of 100 through the cursor and search_id, with a week's dates.
      expect(fake.queries).toHaveLength(2);
      expect(fake.queries[1]).toMatchObject({ cursor: 100, search_id: 'search-1', max_count: 100 });
      expect(fake.queries[0]).toMatchObject({ query: { and: [{ field_name: 'region_code', field_values: ['US'] }, { field_name: 'hashtag_name' }] } });

      const again = await call(app.app, 'POST', '/api/v1/audio/trending/refresh', undefined, account.token);
      expect(again.body.message).toBe('Trending audios are up to date');
      expect(fake.queries).toHaveLength(2);
      const kept = await call(app.app, 'GET', '/api/v1/audio/trending', undefined, account.token);
      expect(kept.body.results).toEqual(results);
      expect(kept.body.fetched_at).not.toBeNull();
    });

    it("says so when TikTok refuses (rate limit → 429, other errors → 503) and keeps the last figures", async () => {
      app.advance(60 * 60_000);
      fake.failNext('rate_limit_exceeded', 429);
      const limited = await call(app.app, 'POST', '/api/v1/audio/trending/refresh', undefined, account.token);
      expect(limited.status).toBe(429);
      expect(limited.body.error).toMatch(/limit/);
      fake.failNext('internal_error', 500);
      const broken = await call(app.app, 'POST', '/api/v1/audio/trending/refresh', undefined, account.token);
      expect(broken.status).toBe(503);
      expect((await call(app.app, 'GET', '/api/v1/audio/trending', undefined, account.token)).body.results.length).toBeGreaterThan(0);
    });
  });

  it('aggregates without counting a video twice', () => {
    const video = { id: 1, music_id: 9, hashtag_names: ['Food', 'food'], view_count: 10, like_count: 1, comment_count: 1, share_count: 1 };
    expect(aggregateSounds([video, video], 5)).toEqual([{ music_id: '9', hashtags: ['food'], play_count: 10, likes: 1, comments: 1, shares: 1, videos: 1, url: 'https://www.tiktok.com/music/-9' }]);
  });
});

describe('hire a pro', () => {
  let creatorId = '';
  it('keeps the owner’s own creators and names each bad field', async () => {
    expect((await call(t.app, 'GET', '/api/v1/audio/creators', undefined, owner.token)).body).toEqual({ results: [], bookings: [] });
    const good = { name: 'Mia Eats', handle: '@miaeats', platform: 'TikTok', rate: '$150 a video', email: 'Mia@Example.com' };
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...good, name: ' ' }, { name: 'Enter the creator’s name' }],
      [{ ...good, name: 'x'.repeat(101) }, { name: 'The name is at most 100 characters' }],
      [{ ...good, handle: undefined }, { handle: 'Enter their handle' }],
      [{ ...good, platform: 'MySpace' }, { platform: 'Choose a platform' }],
      [{ ...good, rate: 'x'.repeat(61) }, { rate: 'The rate is at most 60 characters' }],
      [{ ...good, email: 'not-an-email' }, { email: 'Enter a valid email' }],
      [{ ...good, email: '' }, { email: 'Enter their email' }],
    ];
    for (const [body, fields] of cases) {
      const res = await call(t.app, 'POST', '/api/v1/audio/creators', body, owner.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields).toEqual(fields);
    }
    const created = await call(t.app, 'POST', '/api/v1/audio/creators', good, owner.token);
    expect(created.status).toBe(201);
    expect(created.body.creator).toMatchObject({ name: 'Mia Eats', handle: '@miaeats', platform: 'TikTok', rate: '$150 a video', email: 'mia@example.com' });
    creatorId = created.body.creator.id;
    expect((await call(t.app, 'GET', '/api/v1/audio/creators', undefined, other.token)).body.results).toEqual([]);
  });

  it('Request booking emails the creator with the restaurant’s details and the message, and lists the request', async () => {
    const empty = await call(t.app, 'POST', `/api/v1/audio/creators/${creatorId}/bookings`, { message: '  ' }, owner.token);
    expect(empty.body.fields).toEqual({ message: 'Write what you would like them to make' });
    const before = t.mailer.sent.length;
    const res = await call(t.app, 'POST', `/api/v1/audio/creators/${creatorId}/bookings`, { message: 'A 30-second video of our pumpkin soup, next week.' }, owner.token);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Booking request sent');
    const mail = t.mailer.sent.slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: 'mia@example.com', subject: 'Booking request from Rosa Tacos' });
    expect(mail[0]!.text).toContain('A 30-second video of our pumpkin soup, next week.');
    expect(mail[0]!.text).toContain('Where: 12 Mill Street, Leeds');
    expect(mail[0]!.text).toContain(`Reply to: ${owner.email}`);
    const list = await call(t.app, 'GET', '/api/v1/audio/creators', undefined, owner.token);
    expect(list.body.bookings).toEqual([expect.objectContaining({ creator_id: creatorId, creator_name: 'Mia Eats', status: 'sent', error: null })]);
  });

  it("another owner's creator is not found", async () => {
    for (const [method, url, body] of [
      ['POST', `/api/v1/audio/creators/${creatorId}/bookings`, { message: 'Hi' }],
      ['DELETE', `/api/v1/audio/creators/${creatorId}`, undefined],
      ['DELETE', '/api/v1/audio/creators/nope', undefined],
    ] as const) {
      const res = await call(t.app, method, url, body, other.token);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect((await call(t.app, 'DELETE', `/api/v1/audio/creators/${creatorId}`, undefined, owner.token)).body.message).toBe('Item deleted successfully');
    expect((await call(t.app, 'GET', '/api/v1/audio/creators', undefined, owner.token)).body.results).toEqual([]);
  });
});
