import type { Brand, BrandCompleteness, SaveBrandRequestSchema } from '../../../src/contract/brand.ts';
import { DEFAULT_THEME } from '../../../src/contract/brand.ts';
import type * as v from 'valibot';
import type { Db } from '../../db/client.ts';
import type { BrandSettingsRow } from './brand.table.ts';

type SaveBrandInput = v.InferOutput<typeof SaveBrandRequestSchema>;

const EMPTY = {
  brand_name: '',
  brand_logo: '',
  location: '',
  website: '',
  description: '',
  brand_voice: [] as string[],
  theme: DEFAULT_THEME,
  header_image_url: null as string | null,
  time_zone: null as string | null,
  text_gap_hours: 24,
  updated_at: null as Date | null,
};
type BrandFields = typeof EMPTY;

/** Text campaigns write with the name, place, site, voice and description; videos also need the logo. */
function brandCompleteness(row: Pick<BrandFields, 'brand_name' | 'location' | 'website' | 'brand_voice' | 'description' | 'brand_logo'>): BrandCompleteness {
  const missing: string[] = [];
  if (!row.brand_name) missing.push('brandName');
  if (!row.location) missing.push('location');
  if (!row.website) missing.push('website');
  if (row.brand_voice.length === 0) missing.push('brandVoice');
  if (!row.description) missing.push('description');
  const text = missing.length === 0;
  if (!row.brand_logo) missing.push('brandLogo');
  return { text, video: text && Boolean(row.brand_logo), missing };
}

function toBrand(row: BrandFields): Brand {
  return {
    brandName: row.brand_name,
    brandLogo: row.brand_logo,
    location: row.location,
    website: row.website,
    description: row.description,
    brandVoice: row.brand_voice,
    theme: row.theme,
    header_available: Boolean(row.header_image_url),
    header_image_url: row.header_image_url,
    timeZone: row.time_zone,
    textGapHours: row.text_gap_hours,
    complete: brandCompleteness(row),
    updatedAt: row.updated_at ? row.updated_at.toISOString() : null,
  };
}

const findRow = (db: Db, userId: string): Promise<BrandSettingsRow | undefined> =>
  db.selectFrom('brand_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();

export async function getBrand(db: Db, userId: string): Promise<Brand> {
  return toBrand((await findRow(db, userId)) ?? EMPTY);
}

/** For campaigns and videos: is the brand complete enough to generate with? */
export async function brandReadiness(db: Db, userId: string): Promise<BrandCompleteness> {
  return brandCompleteness((await findRow(db, userId)) ?? EMPTY);
}

/** Only the fields sent change; an empty string clears a field. */
export async function saveBrand(db: Db, userId: string, input: SaveBrandInput, now: Date): Promise<Brand> {
  const changes = {
    ...(input.brandName !== undefined && { brand_name: input.brandName }),
    ...(input.brandLogo !== undefined && { brand_logo: input.brandLogo }),
    ...(input.location !== undefined && { location: input.location }),
    ...(input.website !== undefined && { website: input.website }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.brandVoice !== undefined && { brand_voice: JSON.stringify(input.brandVoice) }),
    ...(input.theme !== undefined && { theme: input.theme }),
    ...(input.timeZone !== undefined && { time_zone: input.timeZone }),
    ...(input.textGapHours !== undefined && { text_gap_hours: input.textGapHours }),
    updated_at: now,
  };
  const row = await db
    .insertInto('brand_settings')
    .values({ user_id: userId, ...changes })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toBrand(row);
}

export async function setHeaderImage(db: Db, userId: string, url: string, now: Date) {
  await db
    .insertInto('brand_settings')
    .values({ user_id: userId, header_image_url: url, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ header_image_url: url, updated_at: now }))
    .execute();
  return { header_available: true, header_image_url: url };
}

export async function headerInfo(db: Db, userId: string) {
  const row = await findRow(db, userId);
  return { header_available: Boolean(row?.header_image_url), header_image_url: row?.header_image_url ?? null };
}
