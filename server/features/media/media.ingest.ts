import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileTypeFromFile } from 'file-type';
import sharp, { type FormatEnum, type Metadata, type Sharp } from 'sharp';
import type { Env } from '../../env.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import type { VideoTools } from '../../providers/video/video.ts';
import { imageHeaderOnly, imageInput, MAX_IMAGE_PIXELS, tooManyPixelsMessage } from '../../lib/image-limits.ts';

const MB = 1024 * 1024;

export type MediaLimits = { image: number; video: number };
export const mediaLimits = (env: Pick<Env, 'MEDIA_MAX_IMAGE_MB' | 'MEDIA_MAX_VIDEO_MB'>): MediaLimits => ({
  image: Math.floor(env.MEDIA_MAX_IMAGE_MB * MB),
  video: Math.floor(env.MEDIA_MAX_VIDEO_MB * MB),
});
const mb = (bytes: number) => `${Math.round((bytes / MB) * 100) / 100} MB`;

export function tooLarge(kind: 'image' | 'video' | 'file', limits: MediaLimits): AppError {
  if (kind === 'image') return new AppError(413, `Images can be at most ${mb(limits.image)}`, 'payload_too_large');
  if (kind === 'video') return new AppError(413, `Videos can be at most ${mb(limits.video)}`, 'payload_too_large');
  return new AppError(413, `Files can be at most ${mb(Math.max(limits.image, limits.video))}`, 'payload_too_large');
}

export type Declared = {
  /** The form's `type` field (first part of the MIME type). */
  type?: 'image' | 'video' | 'folder';
  /** The Content-Type the client gave the file part (or the tus upload's filetype). */
  mimeType?: string;
};

export type Ingested = {
  type: 'image' | 'video';
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  duration: number | null;
  fileKey: string;
  thumbKey: string | null;
  previewKey: string | null;
};

type IngestDeps = { storage: Storage; video: VideoTools; limits: MediaLimits; tmpDir: string };

const major = (mime: string | undefined) => mime?.split('/')[0]?.toLowerCase();
// Generic types browsers use when they do not know better; they say nothing about the content.
const VAGUE = new Set(['', 'application/octet-stream', 'binary/octet-stream']);
// Formats we re-encode to when an image must be rewritten (orientation, metadata); others become JPEG.
const KEEP_FORMAT = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);

/**
 * Checks what a local file really is and stores it with its thumbnails under `media/<userId>/<id>/`.
 * The caller owns `file` (a temp file or a finished tus upload) and removes it afterwards.
 */
export async function ingestFile(deps: IngestDeps, file: string, declared: Declared, owner: { userId: string; id: string }): Promise<Ingested> {
  const { size } = await fsp.stat(file);
  const sniffed = await fileTypeFromFile(file);
  const kind = major(sniffed?.mime);
  if (!sniffed || (kind !== 'image' && kind !== 'video')) {
    const what = sniffed ? `a ${sniffed.mime} file` : 'not a recognised image or video';
    throw new AppError(415, `Only images and videos can be added to the media library; this file is ${what}`, 'unsupported_media_type');
  }
  if (declared.type && declared.type !== kind) {
    throw new AppError(415, `The file's content is ${kind === 'image' ? 'an image' : 'a video'} (${sniffed.mime}) but it was sent as type '${declared.type}'`, 'unsupported_media_type');
  }
  const claimed = declared.mimeType?.toLowerCase().split(';')[0]?.trim() ?? '';
  if (!VAGUE.has(claimed) && major(claimed) !== kind) {
    throw new AppError(415, `The file's content is ${sniffed.mime} but it was sent as ${claimed}`, 'unsupported_media_type');
  }
  if (size > deps.limits[kind]) throw tooLarge(kind, deps.limits);
  if (size === 0) throw fieldError('file', 'The file is empty');

  const base = `media/${owner.userId}/${owner.id}`;
  return kind === 'image'
    ? ingestImage(deps, file, sniffed.mime, base)
    : ingestVideo(deps, file, sniffed.mime, size, base);
}

const thumbnail = (input: Sharp, px: number) =>
  input.clone().resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();

async function ingestImage(deps: IngestDeps, file: string, mime: string, base: string): Promise<Ingested> {
  let meta: Metadata;
  try {
    meta = await sharp(file, imageHeaderOnly).metadata();
  } catch {
    throw new AppError(415, `This ${mime} image could not be read`, 'unsupported_media_type');
  }
  // Read from the header alone: refused before a single pixel is decoded.
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS) {
    throw new AppError(413, tooManyPixelsMessage(meta.width ?? 0, meta.height ?? 0), 'payload_too_large');
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = (rotated ? meta.height : meta.width) ?? null;
  const height = (rotated ? meta.width : meta.height) ?? null;
  const keys: string[] = [];
  try {
    // What is served never carries EXIF/XMP (GPS): an image with any is rewritten upright without them.
    const needsRewrite = Boolean(meta.exif || meta.xmp || meta.iptc) || (meta.orientation ?? 1) !== 1 || !KEEP_FORMAT.has(meta.format ?? '');
    let servedFile = file;
    let servedMime = mime;
    if (needsRewrite) {
      servedFile = path.join(deps.tmpDir, `clean-${randomBytes(8).toString('hex')}`);
      const format = KEEP_FORMAT.has(meta.format ?? '') ? (meta.format as keyof FormatEnum & string) : 'jpeg';
      await sharp(file, { ...imageInput, animated: format === 'gif' || format === 'webp' })
        .rotate()
        .toFormat(format, { quality: 92 })
        .toFile(servedFile);
      servedMime = `image/${format}`;
    }
    try {
      const { size } = await fsp.stat(servedFile);
      const fileKey = `${base}/file`;
      await deps.storage.put(fileKey, fs.createReadStream(servedFile), servedMime, size);
      keys.push(fileKey);
      const upright = sharp(servedFile, imageInput).rotate();
      const [thumb, preview] = await Promise.all([thumbnail(upright, 256), thumbnail(upright, 1024)]);
      await deps.storage.put(`${base}/thumb.webp`, thumb, 'image/webp', thumb.length);
      keys.push(`${base}/thumb.webp`);
      await deps.storage.put(`${base}/preview.webp`, preview, 'image/webp', preview.length);
      keys.push(`${base}/preview.webp`);
      return { type: 'image', mimeType: servedMime, size, width, height, duration: null, fileKey, thumbKey: `${base}/thumb.webp`, previewKey: `${base}/preview.webp` };
    } finally {
      if (servedFile !== file) await fsp.rm(servedFile, { force: true });
    }
  } catch (error) {
    await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => undefined)));
    if (error instanceof AppError) throw error;
    throw new AppError(415, `This ${mime} image could not be processed`, 'unsupported_media_type');
  }
}

async function ingestVideo(deps: IngestDeps, file: string, mime: string, size: number, base: string): Promise<Ingested> {
  const info = await deps.video.probe(file);
  if (!info) throw new AppError(415, `This ${mime} video could not be read`, 'unsupported_media_type');
  const fileKey = `${base}/file`;
  await deps.storage.put(fileKey, fs.createReadStream(file), mime, size);
  let thumbKey: string | null = null;
  let previewKey: string | null = null;
  try {
    const frame = await deps.video.posterFrame(file, Math.min(1, info.duration / 2));
    const poster = sharp(frame, imageInput);
    const [thumb, preview] = await Promise.all([thumbnail(poster, 256), thumbnail(poster, 1024)]);
    await deps.storage.put(`${base}/thumb.webp`, thumb, 'image/webp', thumb.length);
    thumbKey = `${base}/thumb.webp`;
    await deps.storage.put(`${base}/preview.webp`, preview, 'image/webp', preview.length);
    previewKey = `${base}/preview.webp`;
  } catch {
    // A video without a poster is still a video: the tile shows a generic icon.
  }
  return { type: 'video', mimeType: mime, size, width: info.width, height: info.height, duration: info.duration, fileKey, thumbKey, previewKey };
}
