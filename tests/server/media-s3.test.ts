import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startFakeS3 } from '../fakes/s3-fake.ts';
import { fetchUrl, mediaForm, owner, png } from './media.fixtures.ts';

let s3: Awaited<ReturnType<typeof startFakeS3>>;
let t: TestApp;

beforeAll(async () => {
  s3 = await startFakeS3('mise-media');
  t = await createTestApp({
    S3_BUCKET: 'mise-media',
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'test',
    S3_SECRET_ACCESS_KEY: 'test-secret',
    S3_FORCE_PATH_STYLE: 'true',
  });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('media on S3-compatible storage', () => {
  it('stores uploads in the bucket, serves them with Range through the S3 API and deletes by key', async () => {
    expect(t.deps.storage.kind).toBe('s3');
    const rosa = await owner(t);
    const bytes = await png(400, 300);
    const added = await call(t.app, 'POST', '/api/v1/media/add', mediaForm({ name: 'Terrace', description: 'Evening', type: 'image' }, { bytes, name: 't.png', type: 'image/png' }), rosa.token, { Origin: 'http://localhost' });
    expect(added.status).toBe(201);
    const prefix = `media/${rosa.userId}/${added.body.id}/`;
    expect([...s3.objects.keys()].filter((key) => key.startsWith(prefix)).sort()).toEqual([`${prefix}file`, `${prefix}preview.webp`, `${prefix}thumb.webp`]);
    expect(s3.objects.get(`${prefix}file`)?.contentType).toBe('image/png');
    expect(s3.objects.get(`${prefix}file`)?.body.equals(bytes)).toBe(true);

    const part = await fetchUrl(t, added.body.path, { Range: 'bytes=0-7' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${bytes.length}`);
    expect(part.bytes).toEqual(bytes.subarray(0, 8));
    expect(s3.requests.some((r) => r.method === 'GET' && r.range === 'bytes=0-7')).toBe(true);

    expect(await t.deps.storage.get('media/missing/key')).toBeNull();
    await t.deps.storage.delete(`${prefix}thumb.webp`);
    expect(s3.objects.has(`${prefix}thumb.webp`)).toBe(false);
    await t.deps.storage.delete('media/missing/key'); // not an error
  });
});
