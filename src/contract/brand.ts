import * as v from 'valibot';
import { TimeZoneSchema } from './time-zone.ts';

// Restaurant content (spec §2, §5, §7 Settings). Bounds are ours: the spec leaves them open.
export const BRAND_LIMITS = {
  brandName: 100,
  location: 200,
  website: 300,
  description: 1000,
  voiceTags: 8,
  voiceTagLength: 40,
  logoUrl: 2048,
} as const;

/** Spec §9: default theme colour and at most 7 characters in the colour input. */
export const DEFAULT_THEME = '#FF3434';
export const THEME_MAX_LENGTH = 7;
export const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Email header: PNG, JPG or GIF up to 10 MB; 4:1 suggested, not enforced (spec §5, §9). */
export const HEADER_MAX_BYTES = 10 * 1024 * 1024;
export const HEADER_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
export const HEADER_SUGGESTED_RATIO = 4;
/** Logos and other brand images. */
export const BRAND_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const BRAND_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

const boundedText = (field: string, max: number) =>
  v.pipe(v.string(`${field} must be text`), v.trim(), v.maxLength(max, `${field} must be at most ${max} characters`));

/** A website may be typed without its scheme ("lacocina.com"); it is stored with https://. */
const WebsiteSchema = v.pipe(
  boundedText('Website', BRAND_LIMITS.website),
  v.transform((value) => (value && !/^https?:\/\//i.test(value) ? `https://${value}` : value)),
  v.check((value) => value === '' || isWebAddress(value), 'Website must be a web address, like lacocina.com'),
);

function isWebAddress(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Tags are trimmed and duplicates (ignoring case) dropped, the way the tag input adds them. */
const BrandVoiceSchema = v.pipe(
  v.array(
    v.pipe(
      v.string('Each brand voice word must be text'),
      v.trim(),
      v.nonEmpty('Brand voice words cannot be empty'),
      v.maxLength(BRAND_LIMITS.voiceTagLength, `Each brand voice word must be at most ${BRAND_LIMITS.voiceTagLength} characters`),
    ),
    'Brand voice must be a list of words',
  ),
  v.transform((tags: string[]) => uniqueTags(tags)),
  v.maxLength(BRAND_LIMITS.voiceTags, `Brand voice takes at most ${BRAND_LIMITS.voiceTags} words`),
);

export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    result.push(tag);
  }
  return result;
}

const ThemeSchema = v.pipe(
  v.string('Theme must be a colour'),
  v.trim(),
  v.maxLength(THEME_MAX_LENGTH, `Theme must be at most ${THEME_MAX_LENGTH} characters`),
  v.regex(HEX_COLOUR, 'Theme must be a hex colour like #FF3434'),
  v.toUpperCase(),
);

/** Our own uploads (/api/v1/files/...) or an https address; empty clears it. */
const BrandLogoSchema = v.pipe(
  boundedText('Brand logo', BRAND_LIMITS.logoUrl),
  v.check((value) => value === '' || /^\/api\/v1\/files\/[\w./-]+$/.test(value) || /^https:\/\/\S+$/.test(value), 'Brand logo must be an uploaded image'),
);

/** The hours a guest must wait between two marketing texts from this restaurant (0: no limit); 24 by default. */
export const TEXT_GAP_CHOICES = [0, 12, 24, 48, 72, 168] as const;
const TextGapHoursSchema = v.pipe(
  v.number('Time between texts must be a number of hours'),
  v.integer('Time between texts must be a whole number of hours'),
  v.minValue(0, 'Time between texts cannot be negative'),
  v.maxValue(720, 'Time between texts must be at most 720 hours'),
);

/** POST /users/settings/{userId}: every field optional; a field sent replaces the stored one. */
export const SaveBrandRequestSchema = v.object({
  brandName: v.optional(boundedText('Brand name', BRAND_LIMITS.brandName)),
  brandLogo: v.optional(BrandLogoSchema),
  location: v.optional(boundedText('Location', BRAND_LIMITS.location)),
  website: v.optional(WebsiteSchema),
  description: v.optional(boundedText('Description', BRAND_LIMITS.description)),
  brandVoice: v.optional(BrandVoiceSchema),
  theme: v.optional(ThemeSchema),
  timeZone: v.optional(TimeZoneSchema),
  textGapHours: v.optional(TextGapHoursSchema),
});
export type SaveBrandRequest = v.InferInput<typeof SaveBrandRequestSchema>;

/** What later features need: text campaigns need the words, videos need the logo. */
const BrandCompletenessSchema = v.object({
  text: v.boolean(),
  video: v.boolean(),
  /** Field names still empty for text campaigns, then 'brandLogo' for videos. */
  missing: v.array(v.string()),
});
export type BrandCompleteness = v.InferOutput<typeof BrandCompletenessSchema>;

export const BrandSchema = v.object({
  brandName: v.string(),
  brandLogo: v.string(),
  location: v.string(),
  website: v.string(),
  description: v.string(),
  brandVoice: v.array(v.string()),
  theme: v.string(),
  header_available: v.boolean(),
  header_image_url: v.nullable(v.string()),
  /** IANA zone; null until set (the browser's at sign-up). */
  timeZone: v.nullable(v.string()),
  /** At most one marketing text per this many hours to the same guest (0: no limit). */
  textGapHours: v.number(),
  complete: BrandCompletenessSchema,
  updatedAt: v.nullable(v.string()),
});
export type Brand = v.InferOutput<typeof BrandSchema>;

export const SaveBrandResponseSchema = v.object({ message: v.string(), brand: BrandSchema });

/** Image upload (multipart `image`) → its address. */
export const UploadImageResponseSchema = v.object({ url: v.string() });

/** Header info lookup (spec §7). */
export const HeaderInfoSchema = v.object({ header_available: v.boolean(), header_image_url: v.nullable(v.string()) });
export const UploadHeaderResponseSchema = v.object({ message: v.string(), ...HeaderInfoSchema.entries });
