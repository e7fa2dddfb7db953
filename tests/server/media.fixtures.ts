import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sha256 } from '../../server/lib/crypto.ts';
import { resolveVideoBinaries } from '../../server/providers/video/video.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** A verified owner with a live session, made directly in the database (the sign-up flow has its own tests). */
export async function owner(t: TestApp, name = 'Rosa Martinez') {
  const email = `media.${randomBytes(5).toString('hex')}@cafe.test`;
  const user = await t.deps.db
    .insertInto('users')
    .values({ name, email, verified_at: new Date(), updated_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = randomBytes(24).toString('base64url');
  await t.deps.db
    .insertInto('sessions')
    .values({ user_id: user.id, token_hash: sha256(token), expires_at: new Date(Date.now() + 365 * 86400_000) })
    .execute();
  return { userId: user.id, token };
}

/** A JPEG shot "sideways" (EXIF orientation 6) with GPS coordinates in its EXIF. */
export async function jpegWithGps(width = 640, height = 480) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4032/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export const png = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } } }).png().toBuffer();

/** A short MP4 made with the ffmpeg binary the app uses. */
export function mp4(seconds = 2): Buffer {
  const { ffmpeg } = resolveVideoBinaries({});
  const out = path.join(os.tmpdir(), `mise-test-${randomBytes(6).toString('hex')}.mp4`);
  execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=320x240:rate=10`, '-pix_fmt', 'yuv420p', '-y', out]);
  const bytes = fs.readFileSync(out);
  fs.rmSync(out);
  return bytes;
}

export function mediaForm(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

/** Fetches a signed URL from the app (no bearer header, as an <img> would). */
export async function fetchUrl(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const response = await t.app.request(url, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}
