import { DEFAULT_THEME, HEX_COLOUR } from '../../../../src/contract/brand.ts';

/** Brand colours come from the owner's theme; text on them must stay readable whatever colour they chose. */

export const INK = '#1F1A17';
const WHITE = '#FFFFFF';

export function normaliseHex(colour: string | null | undefined, fallback = DEFAULT_THEME): string {
  const value = (colour ?? '').trim();
  if (!HEX_COLOUR.test(value)) return fallback;
  const hex = value.slice(1);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return `#${full.toUpperCase()}`;
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG contrast ratio between two #RRGGBB colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Label colour for a button or band filled with `background`: white, as brands expect on their colour, while it
 * keeps 3:1 (WCAG's floor for bold and large text); ink on pale colours such as yellow.
 */
export const textOn = (background: string) => (contrast(background, WHITE) >= 3 ? WHITE : INK);

/** Links inside body text use the theme unless it is too pale to read on white (a yellow theme). */
export const linkColour = (theme: string) => (contrast(theme, WHITE) >= 3 ? theme : INK);
