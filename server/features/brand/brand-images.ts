import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { BRAND_IMAGE_MAX_BYTES, BRAND_IMAGE_TYPES, HEADER_MAX_BYTES, HEADER_TYPES } from '../../../src/contract/brand.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { imageInput } from '../../lib/image-limits.ts';

export const BRAND_FILE_PREFIX = '/api/v1/files/brand/';
export const BRAND_FILE_NAME = /^[A-Za-z0-9_-]{22}\.(png|jpg|gif)$/;
const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' } as const;
type Ext = keyof typeof CONTENT_TYPES;
const MB = 1024 * 1024;

type Processed = { bytes: Buffer; ext: Ext };

async function sniff(file: File, maxBytes: number, accepted: readonly string[], what: string, typesText: string) {
  if (file.size > maxBytes) throw new AppError(413, `${what} is too large: the limit is ${maxBytes / MB} MB`, 'payload_too_large');
  if (file.size === 0) throw new AppError(400, `${what} is empty`, 'validation');
  const bytes = Buffer.from(await file.arrayBuffer());
  // The bytes decide, never the file name or the browser's claimed type.
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !accepted.includes(type.mime)) throw new AppError(415, `${what} must be a ${typesText} file`, 'unsupported_media_type');
  return { bytes, mime: type.mime };
}

const unreadable = (what: string) => new AppError(415, `${what} could not be read. Try a PNG or JPG.`, 'unsupported_media_type');

/** Logos: re-encoded to PNG (keeps transparency), no metadata, at most 1024 px a side. */
export async function processBrandImage(file: File): Promise<Processed> {
  const { bytes } = await sniff(file, BRAND_IMAGE_MAX_BYTES, BRAND_IMAGE_TYPES, 'The image', 'PNG, JPG, GIF or WebP');
  try {
    const png = await sharp(bytes, imageInput)
      .rotate()
      .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
    return { bytes: png, ext: 'png' };
  } catch {
    throw unreadable('The image');
  }
}

/**
 * Email headers keep their format (a GIF stays animated); 1200 px wide is a 600 px email at 2x.
 * The 4:1 shape is only suggested, so nothing is cropped here.
 */
export async function processHeaderImage(file: File): Promise<Processed> {
  const { bytes, mime } = await sniff(file, HEADER_MAX_BYTES, HEADER_TYPES, 'The header image', 'PNG, JPG or GIF');
  try {
    const animated = mime === 'image/gif';
    const image = sharp(bytes, { ...imageInput, animated }).rotate().resize({ width: 1200, withoutEnlargement: true });
    if (mime === 'image/gif') return { bytes: await image.gif().toBuffer(), ext: 'gif' };
    if (mime === 'image/png') return { bytes: await image.png({ compressionLevel: 9 }).toBuffer(), ext: 'png' };
    return { bytes: await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), ext: 'jpg' };
  } catch {
    throw unreadable('The header image');
  }
}

/**
 * Brand images appear in emails sent to customers, so they are public by an unguessable name.
 * Files are kept when replaced: emails already sent still point at them.
 */
export async function storeBrandFile(storage: Storage, image: Processed): Promise<string> {
  const name = `${randomBytes(16).toString('base64url')}.${image.ext}`;
  await storage.put(`brand/${name}`, image.bytes, CONTENT_TYPES[image.ext]);
  return `${BRAND_FILE_PREFIX}${name}`;
}
