import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_EMAIL, seedDemo } from '../../server/features/demo/demo-account.ts';
import { DEMO_EMAIL } from '../../server/features/customers/demo/demo-seed.ts';
import { takeSnapshots } from '../../server/features/video/video-publish.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

// The demo account's video campaign: rendered for real, shown as published with made-up figures that say so.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe('demo video campaign', () => {
  it('is a real render, labelled demo, with figures over ten days, and never asks TikTok about them', async () => {
    const result = await seedDemo(t.deps, { password: 'demo-password-1', customers: 60, baseUrl: 'http://localhost' });
    expect(result.campaigns).toContain('Demo: Pumpkin soup is back (video, shown as published on TikTok with made-up figures)');
    const signin = await call(t.app, 'POST', '/api/v1/auth/signin', { email: DEMO_EMAIL, password: 'demo-password-1', userType: 'regular' });
    const token = signin.body.token as string;
    const history = (await call(t.app, 'GET', '/api/v1/video/videos?filter=published', undefined, token)).body.results;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ title: 'Demo: Pumpkin soup is back', status: 'done', demo: true, publish: { status: 'PUBLISH_COMPLETE' } });
    expect(history[0].video_url).toMatch(/^\/api\/v1\/media\/files\//);
    expect(history[0].figures.views).toBeGreaterThan(0);
    const analytics = (await call(t.app, 'GET', `/api/v1/video/videos/${history[0].id}/analytics`, undefined, token)).body;
    expect(analytics.snapshots).toHaveLength(10);
    expect(analytics.coverage.week).toBeGreaterThan(0);
    // No TikTok link and no TikTok call: the figures job skips demo videos.
    const demo = await t.deps.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    expect(await takeSnapshots(t.deps, demo.id)).toBe(0);
    // Not counted against the plan.
    expect((await call(t.app, 'GET', '/api/v1/video/options', undefined, token)).body.usage.used).toBe(0);
    // A generated audio, real speech, labelled demo data.
    const audios = (await call(t.app, 'GET', '/api/v1/audio/audios', undefined, token)).body.results;
    expect(audios).toHaveLength(1);
    expect(audios[0]).toMatchObject({ demo: true, engine: 'builtin', text: 'Our pumpkin soup is back for autumn. Come in and warm up!' });
    expect((await t.app.request(audios[0].audio_url)).headers.get('content-type')).toBe('audio/wav');

    // Issue 14: this week's suggestions on the video home, from the demo photos, labelled demo data.
    const suggested = (await call(t.app, 'GET', '/api/v1/video/suggestions', undefined, token)).body;
    expect(suggested.results.length).toBeGreaterThan(0);
    expect(suggested.results.length).toBeLessThanOrEqual(3);
    expect(suggested.results.every((s: { demo: boolean }) => s.demo)).toBe(true);
    expect(suggested.last_run.outcome).toBe('made');

    // Issue 19: a labelled demo team member with the same password, who uploaded two of the café's photos.
    const staff = await call(t.app, 'POST', '/api/v1/auth/signin', { email: DEMO_STAFF_EMAIL, password: 'demo-password-1', userType: 'regular' });
    expect(staff.body).toMatchObject({ name: 'Sam Demo (demo staff)', role: 'staff', restaurantName: 'Demo Café' });
    const theirs = await call(t.app, 'GET', `/api/v1/media/recent?uploadedBy=${staff.body.userId}`, undefined, token);
    expect(theirs.body.total).toBe(2);
    expect((await call(t.app, 'GET', '/api/v1/customers', undefined, staff.body.token)).status).toBe(403);

    // Past email campaigns with results, as the history shows them: some guests opened more than once.
    const campaigns = (await call(t.app, 'GET', '/api/v1/email/campaigns?count=10&offset=0', undefined, token)).body.campaigns as Array<{ settings: { title: string }; report_summary: { opens: number; unique_opens: number; clicks: number } }>;
    const sent = campaigns.filter((c) => ['Demo: Pumpkin soup is back', 'Demo: Weekend brunch'].includes(c.settings.title));
    expect(sent).toHaveLength(2);
    for (const { report_summary: figures } of sent) {
      expect(figures.unique_opens).toBeGreaterThan(0);
      expect(figures.opens).toBeGreaterThan(figures.unique_opens);
      expect(figures.clicks).toBeLessThanOrEqual(figures.unique_opens);
    }
  }, 180_000);
});
