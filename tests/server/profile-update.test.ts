import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_MAX_BYTES } from '../../src/contract/profile.ts';
import { signUp, signUpVerified, testEmail } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectRefusal } from '../helpers/field-errors.ts';

// Multipart posts are form posts to the CSRF check; a browser sends its Origin with them.
const SAME_ORIGIN = { Origin: 'http://localhost' };

const form = (fields: Record<string, string | Blob>, fileName = 'me.png') => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') body.append(key, value);
    else body.append(key, value, fileName);
  }
  return body;
};

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 232, g: 89, b: 12 } } }).png().toBuffer();

describe('profile update and picture', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const update = (id: string, token: string, fields: Record<string, string | Blob>, fileName?: string) =>
    call(t.app, 'POST', `/api/v1/users/update-profile/${id}`, form(fields, fileName), token, SAME_ORIGIN);

  it('updates name and phone (stored as E.164) and returns the spec fields', async () => {
    const account = await signUpVerified(t);
    const res = await update(account.userId, account.token, { name: 'Rosa Martinez-Lopez', phoneNumber: '+1 (415) 555-2671', code: '+1', userName: 'rosa' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: 'Rosa Martinez-Lopez', email: account.email, image: null, phoneNumber: '+14155552671', verified: true });
    const me = await call(t.app, 'GET', '/api/v1/users/me', undefined, account.token);
    expect(me.body.user).toMatchObject({ name: 'Rosa Martinez-Lopez', phoneNumber: '+14155552671' });
  });

  it('stores a picture as a 512 px WebP without metadata and serves it with cache headers', async () => {
    const account = await signUpVerified(t);
    const res = await update(account.userId, account.token, { image: new Blob([await png(1200, 900)], { type: 'image/png' }) });
    expect(res.status).toBe(200);
    expect(res.body.image).toMatch(/^\/api\/v1\/files\/avatars\/[A-Za-z0-9_-]{22}\.webp$/);

    const file = await t.app.request(res.body.image);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(Number(file.headers.get('content-length'))).toBe(bytes.length);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
  });

  it('turns a phone photo upright by its EXIF orientation and drops the EXIF', async () => {
    const account = await signUpVerified(t);
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await update(account.userId, account.token, { image: new Blob([sideways], { type: 'image/jpeg' }) }, 'photo.jpg');
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await (await t.app.request(res.body.image)).arrayBuffer())).metadata();
    expect(meta).toMatchObject({ width: 100, height: 200 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('replaces the old picture file when a new one is saved', async () => {
    const account = await signUpVerified(t);
    const first = await update(account.userId, account.token, { image: new Blob([await png(64, 64)]) });
    const second = await update(account.userId, account.token, { image: new Blob([await png(80, 80)]) });
    expect(second.body.image).not.toBe(first.body.image);
    expect((await t.app.request(first.body.image)).status).toBe(404);
    expect((await t.app.request(second.body.image)).status).toBe(200);
  });

  it('refuses a text file named .png with 415', async () => {
    const account = await signUpVerified(t);
    const res = await update(account.userId, account.token, { image: new Blob(['just some words, not a picture'], { type: 'image/png' }) });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('The picture must be a JPEG, PNG, WebP, GIF or HEIC image');
  });

  it('refuses a picture over PROFILE_IMAGE_MAX_BYTES with 413', async () => {
    const account = await signUpVerified(t);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(PROFILE_IMAGE_MAX_BYTES)]);
    const res = await update(account.userId, account.token, { image: new Blob([big], { type: 'image/png' }) });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatch(/too large.*5 MB/);
  });

  it('asks for the new email to be verified when it changes', async () => {
    const account = await signUpVerified(t);
    const newEmail = testEmail('moved');
    const res = await update(account.userId, account.token, { email: `  ${newEmail.toUpperCase()}` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: newEmail, verified: false });
    const blocked = await call(t.app, 'POST', `/api/v1/users/notifications/${account.userId}`, { weeklySummary: false }, account.token);
    expect(blocked.body.code).toBe('unverified');
    const verify = await call(t.app, 'POST', '/api/v1/auth/verify-account', { otp: t.mailer.lastCodeFor(newEmail), email: newEmail, userType: 'regular' });
    expect(verify.status).toBe(200);
    expect((await call(t.app, 'POST', '/api/v1/auth/signin', { email: newEmail, password: account.password, userType: 'regular' })).status).toBe(200);
  });

  it('lets an unverified owner fix a mistyped email', async () => {
    const account = await signUp(t, { email: testEmail('typo') });
    const fixed = testEmail('fixed');
    const res = await update(account.userId, account.token, { email: fixed });
    expect(res.status).toBe(200);
    expect(t.mailer.lastCodeFor(fixed)).toMatch(/^\d{6}$/);
  });

  it('refuses an email that another account has', async () => {
    const mine = await signUpVerified(t);
    const theirs = await signUpVerified(t);
    const res = await update(mine.userId, mine.token, { email: theirs.email });
    expect(res.status).toBe(409);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email: Enter a valid email address'],
    [{ phoneNumber: '+1 555' }, 'phoneNumber: Enter a valid phone number'],
    [{ name: '   ' }, 'name: Name is required'],
    [{ image: 'not-a-file' }, 'image: The picture must be a file'],
  ])('answers a bad field with 400 naming it (%o)', async (fields, message) => {
    const account = await signUpVerified(t);
    const res = await update(account.userId, account.token, fields);
    expect(res.status).toBe(400);
    expectRefusal(res.body, message);
  });

  it("answers another user's id with 404 and changes nothing", async () => {
    const mine = await signUpVerified(t);
    const theirs = await signUpVerified(t, { name: 'Their Name' });
    const res = await update(theirs.userId, mine.token, { name: 'Hijacked' });
    expect(res.status).toBe(404);
    const theirMe = await call(t.app, 'GET', '/api/v1/users/me', undefined, theirs.token);
    expect(theirMe.body.user.name).toBe('Their Name');
  });

  it('refuses a JSON body: the profile is a form', async () => {
    const account = await signUpVerified(t);
    const res = await call(t.app, 'POST', `/api/v1/users/update-profile/${account.userId}`, { name: 'Rosa' }, account.token);
    expect(res.status).toBe(415);
  });

  it('answers 404 for a picture that does not exist or a name that is not ours', async () => {
    expect((await t.app.request('/api/v1/files/avatars/AAAAAAAAAAAAAAAAAAAAAA.webp')).status).toBe(404);
    expect((await t.app.request('/api/v1/files/avatars/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });
});
