import type { Brand } from '../../contract/brand.ts';

/** What the editor shows of the brand: the theme for buttons, the header picture for the header block. */
export type EmailEditorBrand = Pick<Brand, 'brandName' | 'theme' | 'website' | 'brandLogo' | 'header_image_url'>;

/** A photo chosen in the media picker the route supplies. */
export type PickedMedia = { id: string; description: string; thumbnailUrl?: string | null };
