import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
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

  it('keeps a resumable (tus) upload in the bucket, part by part, and reads its offset back from there', async () => {
    const rosa = await owner(t);
    // About 8 MB of noise in four PATCHes: the first two stay under S3's 5 MiB part minimum (kept as a `.part` object),
    // the third makes a real part, the last completes the multipart upload.
    const side = 1640;
    const bytes = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    const tus = (method: string, url: string, headers: Record<string, string>, body?: Uint8Array<ArrayBuffer>) =>
      t.app.request(url, { method, headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${rosa.token}`, ...headers }, body });
    const created = await tus('POST', '/api/v1/media/uploads', { 'Upload-Length': String(bytes.length), 'Upload-Metadata': `filetype ${Buffer.from('image/png').toString('base64')}` });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;
    expect(id).toMatch(/^tus-[0-9a-f]{32}$/);
    expect(s3.objects.has(`${id}.info`)).toBe(true);

    const chunk = Math.ceil(bytes.length / 4);
    for (let offset = 0; offset < bytes.length; offset += chunk) {
      const head = await tus('HEAD', location, {});
      expect(head.headers.get('upload-offset')).toBe(String(offset));
      const patch = await tus('PATCH', location, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, new Uint8Array(bytes.subarray(offset, offset + chunk)));
      expect(patch.status).toBe(204);
      expect(patch.headers.get('upload-offset')).toBe(String(Math.min(offset + chunk, bytes.length)));
    }
    // Completed: the parts became one object.
    expect(s3.objects.get(id)?.body.equals(bytes)).toBe(true);
    expect(s3.requests.filter((r) => r.method === 'PUT' && r.key === id && r.query?.includes('partNumber')).length).toBe(2);

    const added = await call(t.app, 'POST', '/api/v1/media/add', mediaForm({ name: 'Noise', description: 'Resumed', type: 'image', uploadId: id }), rosa.token, { Origin: 'http://localhost' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(s3.objects.get(`media/${rosa.userId}/${added.body.id}/file`)?.body.equals(bytes)).toBe(true);
    // What tus wrote is gone from the bucket once the upload became a media item.
    expect([...s3.objects.keys()].filter((key) => key.startsWith('tus-'))).toEqual([]);
    expect(s3.multipart.size).toBe(0);
  });
});
