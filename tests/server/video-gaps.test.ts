import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { mediaForm, png } from './media.fixtures.ts';

// Issue 14's smaller gaps: the scene picker searches and pages the whole library (not only the 60 newest), and a
// clip's start is part of a scene (validated per field). Runs on PGlite, and on PostgreSQL with its project.

const SAME_ORIGIN = { Origin: 'http://localhost' };
let t: TestApp;
let owner: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpVerified(t);
  other = await signUpVerified(t, { name: 'Kai Other' });
}, 60_000);
afterAll(() => t.close());

const add = (account: TestAccount, name: string, description: string) =>
  png(40, 40).then((bytes) => call(t.app, 'POST', '/api/v1/media/add', mediaForm({ name, description, type: 'image' }, { bytes, name: `${name}.png`, type: 'image/png' }), account.token, SAME_ORIGIN));

describe('scene media picker', () => {
  it('searches names and descriptions in any case, pages past the first page, and never shows another owner’s', async () => {
    for (let i = 0; i < 5; i += 1) expect((await add(owner, `Dish ${i}`, i === 1 ? 'Pumpkin SOUP in a bowl' : 'A plate')).status).toBe(201);
    expect((await add(other, 'Pumpkin soup (other)', 'pumpkin soup')).status).toBe(201);
    const found = await call(t.app, 'GET', '/api/v1/media/recent?search=pumpkin%20soup', undefined, owner.token);
    expect(found.status).toBe(200);
    expect(found.body.items.map((item: { name: string }) => item.name)).toEqual(['Dish 1']);
    expect(found.body.total).toBe(1);
    const byName = await call(t.app, 'GET', '/api/v1/media/recent?search=DISH%203', undefined, owner.token);
    expect(byName.body.items.map((item: { name: string }) => item.name)).toEqual(['Dish 3']);
    const page1 = await call(t.app, 'GET', '/api/v1/media/recent?pageSize=2&page=1', undefined, owner.token);
    const page3 = await call(t.app, 'GET', '/api/v1/media/recent?pageSize=2&page=3', undefined, owner.token);
    expect(page1.body.total).toBe(5);
    expect(page3.body.items).toHaveLength(1);
    expect(page3.body.items[0].name).toBe('Dish 0');
    const tooLong = await call(t.app, 'GET', `/api/v1/media/recent?search=${'x'.repeat(201)}`, undefined, owner.token);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toEqual({ search: 'search must be at most 200 characters' });
  });
});

describe('clip start in a scene', () => {
  it('keeps trim_start with the scene and names a bad one', async () => {
    const logo = new FormData();
    logo.append('image', new Blob([new Uint8Array(await png(300, 300))], { type: 'image/png' }), 'logo.png');
    const upload = await call(t.app, 'POST', '/api/v1/brand/image', logo, owner.token, SAME_ORIGIN);
    await call(t.app, 'POST', `/api/v1/users/settings/${owner.userId}`, { brandName: 'Rosa', location: 'Leeds', brandLogo: upload.body.url }, owner.token);
    const created = await call(t.app, 'POST', '/api/v1/video/scripts', { user_query: 'Pumpkin soup is back', subcategory: 'offer' }, owner.token);
    expect(created.status).toBe(201);
    const script = (await call(t.app, 'GET', `/api/v1/video/scripts/${created.body.id}`, undefined, owner.token)).body;
    const scene = { ...script.scenes[0], duration: 3 };
    const put = (trim: unknown, version = 1) => call(t.app, 'PUT', `/api/v1/video/scripts/${script.id}`, { version, title: 'Soup', scenes: [{ ...scene, trim_start: trim }] }, owner.token);
    for (const [trim, message] of [
      [-1, 'The start cannot be before the clip begins'],
      [601, 'The start is at most 600 seconds into the clip'],
      ['2', 'Start must be a number of seconds'],
    ] as const) {
      const res = await put(trim);
      expect(res.status, String(trim)).toBe(400);
      expect(res.body.fields).toEqual({ 'scenes.0.trim_start': message });
    }
    const saved = await put(2.5);
    expect(saved.status).toBe(200);
    expect(saved.body.script.scenes[0].trim_start).toBe(2.5);
    // Another owner cannot touch the script.
    expect((await call(t.app, 'PUT', `/api/v1/video/scripts/${script.id}`, { version: 2, title: 'x', scenes: [scene] }, other.token)).status).toBe(404);
  });
});
