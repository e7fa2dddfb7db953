import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { mediaForm, owner, png } from './media.fixtures.ts';

// API clients (issue 17): a bearer-authenticated multipart call from a plain HTTP client (no Origin header, as curl or
// a script sends it) is accepted; a cross-site form post without a bearer token is still refused.
describe('API clients without a browser', () => {
  let t: TestApp;
  let rosa: { userId: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    rosa = await owner(t);
  });
  afterAll(() => t.close());

  const photo = async () =>
    mediaForm({ userId: rosa.userId, name: 'Terrace.png', description: 'From a script', type: 'image', isFolder: 'false', parentId: 'null' }, { bytes: await png(), name: 'terrace.png', type: 'image/png' });

  it('uploads a photo with a bearer token and no Origin', async () => {
    const res = await call(t.app, 'POST', '/api/v1/media/add', await photo(), rosa.token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name: 'Terrace.png', type: 'image', mimeType: 'image/png' });
  });

  it('still refuses a cross-site form post without a bearer token', async () => {
    const res = await call(t.app, 'POST', '/api/v1/media/add', await photo(), undefined, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('an invalid bearer token is still a 401, not a way around anything', async () => {
    const res = await call(t.app, 'POST', '/api/v1/media/add', await photo(), 'not-a-token');
    expect(res.status).toBe(401);
  });
});
