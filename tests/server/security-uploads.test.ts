import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call as rawCall, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { mediaForm, owner, png } from './media.fixtures.ts';
import { MAX_IMAGE_PIXELS } from '../../server/lib/image-limits.ts';

// Issue 21 §3 and §4: one user cannot fill the disk, and no image is decoded past one pixel limit.
const SAME_ORIGIN = { Origin: 'http://localhost' };
const KB = 1024;
let t: TestApp;
let rosa: { userId: string; token: string };
let sam: { userId: string; token: string };

beforeAll(async () => {
  // Images 64 KB, videos 256 KB; at most 3 pending uploads and 512 KB waiting per user.
  t = await createTestApp({
    MEDIA_MAX_IMAGE_MB: String(64 / 1024),
    MEDIA_MAX_VIDEO_MB: String(256 / 1024),
    MEDIA_MAX_PENDING_UPLOADS: '3',
    MEDIA_MAX_PENDING_MB: '0.5',
  });
  rosa = await owner(t);
  sam = await owner(t, 'Sam Other');
});
afterAll(() => t.close());

const b64 = (text: string) => Buffer.from(text).toString('base64');
const tus = (method: string, url: string, token: string, headers: Record<string, string> = {}) =>
  t.app.request(url, { method, headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}`, ...SAME_ORIGIN, ...headers } });
const startUpload = (token: string, bytes: number) =>
  tus('POST', '/api/v1/media/uploads', token, { 'Upload-Length': String(bytes), 'Upload-Metadata': `filetype ${b64('video/mp4')}` });

/** A multipart body whose file part starts with `head`, then trickles `tail` bytes forever (or ends after `tailBytes`). */
function trickle(head: Buffer, filename: string, type: string, tailBytes = Infinity) {
  const boundary = 'mise-test-boundary-1234';
  const opening = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nA photo\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  let sent = 0;
  let openingSent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!openingSent) {
        openingSent = true;
        controller.enqueue(new Uint8Array(Buffer.concat([opening, head])));
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (sent >= tailBytes) {
        controller.enqueue(new Uint8Array(Buffer.from(`\r\n--${boundary}--\r\n`)));
        controller.close();
        return;
      }
      controller.enqueue(new Uint8Array(16 * KB));
      sent += 16 * KB;
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, sent: () => sent };
}

const tmpFiles = () => {
  const dir = path.join(t.dataDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('pending upload quota', () => {
  it('refuses a fourth pending tus upload, and bytes past the quota, before creating anything; a cancel frees room', async () => {
    const locations: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await startUpload(rosa.token, 150 * KB);
      expect(res.status).toBe(201);
      locations.push(res.headers.get('location')!);
    }
    const fourth = await startUpload(rosa.token, 100 * KB);
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { error: string }).error).toMatch(/^You have 3 uploads that have not finished/);
    expect(fs.readdirSync(path.join(t.dataDir, 'media-uploads')).filter((f) => !f.endsWith('.json')).length).toBe(3);

    // Another owner has a quota of their own.
    expect((await startUpload(sam.token, 100 * KB)).status).toBe(201);

    // Cancelling one frees its place; then the bytes limit (512 KB waiting) applies: 150 + 150 + 250 > 512.
    const cancelled = await tus('DELETE', locations[0]!, rosa.token);
    expect(cancelled.status).toBe(204);
    const tooMuch = await startUpload(rosa.token, 250 * KB);
    expect(tooMuch.status).toBe(413);
    expect(((await tooMuch.json()) as { error: string }).error).toMatch(/^Uploads waiting to finish can take at most/);
    expect((await startUpload(rosa.token, 100 * KB)).status).toBe(201);
  });

  it('media/add refuses a body larger than the quota from its declared length, before reading it', async () => {
    const res = await rawCall(t.app, 'POST', '/api/v1/media/add', mediaForm({ description: 'x' }), sam.token, { ...SAME_ORIGIN, 'Content-Length': String(5 * 1024 * KB) });
    expect(res.status).toBe(413);
  });
});

describe('media/add looks at the first bytes before streaming the rest', () => {
  let ana: { userId: string; token: string };
  beforeAll(async () => {
    ana = await owner(t, 'Ana Fresh');
  });
  for (const withKey of [false, true]) {
    const label = withKey ? 'with an Idempotency-Key (spooled)' : 'without an Idempotency-Key';
    it(`refuses a file that is not an image or a video from its head, without waiting for the rest (${label})`, async () => {
      const upload = trickle(Buffer.from('PK\u0003\u0004'.padEnd(8 * KB, 'x')), 'archive.zip', 'image/jpeg');
      const res = await t.app.request('/api/v1/media/add', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${ana.token}`,
          'Content-Type': upload.contentType,
          ...SAME_ORIGIN,
          ...(withKey ? { 'Idempotency-Key': `zip-${Date.now()}-${Math.random().toString(36).slice(2)}` } : {}),
        },
        body: upload.body,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(415);
      expect(((await res.json()) as { error: string }).error).toMatch(/^Only images and videos can be added to the media library/);
      // The endless body was not read on: a few pieces at most, and nothing left on disk.
      expect(upload.sent()).toBeLessThan(256 * KB);
      expect(tmpFiles()).toEqual([]);
    });

    it(`stops an image at the image limit, not the video one (${label})`, async () => {
      const head = await png(40, 40);
      const upload = trickle(head, 'photo.png', 'image/png');
      const res = await t.app.request('/api/v1/media/add', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${ana.token}`,
          'Content-Type': upload.contentType,
          ...SAME_ORIGIN,
          ...(withKey ? { 'Idempotency-Key': `big-${Date.now()}-${Math.random().toString(36).slice(2)}` } : {}),
        },
        body: upload.body,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: string }).error).toBe('Images can be at most 0.06 MB');
      expect(upload.sent()).toBeLessThan(160 * KB);
      expect(tmpFiles()).toEqual([]);
    });
  }
});

/** A real grayscale PNG of width × height (every pixel black), small on the wire. */
function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  const row = Buffer.alloc(width + 1);
  const deflate = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 1 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflate), chunk('IEND', Buffer.alloc(0))]);
}

describe('one pixel limit', () => {
  it(`refuses a small PNG of more than ${MAX_IMAGE_PIXELS / 1e6} megapixels on the media path before decoding it`, async () => {
    const big = createTestApp({});
    const app = await big;
    try {
      const who = await owner(app);
      const bytes = hugePng(8000, 8000);
      expect(bytes.length).toBeLessThan(300 * KB);
      const res = await rawCall(app.app, 'POST', '/api/v1/media/add', mediaForm({ description: 'Huge', type: 'image' }, { bytes, name: 'huge.png', type: 'image/png' }), who.token, SAME_ORIGIN);
      expect(res.status).toBe(413);
      expect(res.body.error).toBe('This image is 8000 × 8000 pixels; images can be at most 50 megapixels');
    } finally {
      await app.close();
    }
  });

  it('every sharp() that reads outside input in the server takes the one limit', () => {
    const root = path.resolve('server');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.ts') && !full.includes(`${path.sep}demo${path.sep}`)) {
          const text = fs.readFileSync(full, 'utf8');
          for (const line of text.split('\n')) {
            if (/\bsharp\(/.test(line) && !/imageInput|imageHeaderOnly/.test(line)) offenders.push(`${path.relative(root, full)}: ${line.trim()}`);
          }
        }
      }
    };
    walk(root);
    // The demo draws its own SVGs; only the comment in image-limits.ts names sharp() without input.
    expect(offenders.filter((o) => !o.startsWith('lib/image-limits.ts'))).toEqual([]);
  });
});
