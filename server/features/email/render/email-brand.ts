import type { Brand } from '../../../../src/contract/brand.ts';
import { normaliseHex } from './colours.ts';

/**
 * What the renderer needs from the brand. Images are plain URLs: the caller decides how they are reached by
 * a mail client (absolute, long-lived), which the renderer cannot know.
 */
export type EmailBrand = {
  name: string;
  website: string;
  location: string;
  /** #RRGGBB; the default theme when the brand has none. */
  theme: string;
  logoUrl: string | null;
  headerImageUrl: string | null;
};

/** From the stored brand settings; `absoluteUrl` turns our own `/api/v1/files/...` paths into addresses a mail client can load. */
export function emailBrandFrom(brand: Pick<Brand, 'brandName' | 'website' | 'location' | 'theme' | 'brandLogo' | 'header_image_url'>, absoluteUrl: (path: string) => string = (path) => path): EmailBrand {
  return {
    name: brand.brandName.trim(),
    website: brand.website.trim(),
    location: brand.location.trim(),
    theme: normaliseHex(brand.theme),
    logoUrl: brand.brandLogo ? absoluteUrl(brand.brandLogo) : null,
    headerImageUrl: brand.header_image_url ? absoluteUrl(brand.header_image_url) : null,
  };
}

/** "https://www.lacocina.com/" → "lacocina.com", for the footer line. */
export const websiteLabel = (website: string) => website.replace(/^https?:\/\//i, '').replace(/^www\./i, '').replace(/\/$/, '');
