import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Fonts for burned-in captions. They must come from npm (a fresh machine has no system fonts to count on):
 * Adobe's Source Sans 3 (SIL Open Font License 1.1) ships real regular, bold, italic and bold italic TTFs,
 * with Latin, Greek, Cyrillic and Vietnamese coverage.
 */
export type CaptionFont = { family: string; files: string[] };

const require = createRequire(import.meta.url);

function sourceSans(): CaptionFont {
  const dir = path.join(path.dirname(require.resolve('source-sans/package.json')), 'TTF');
  const faces = ['Regular', 'Bold', 'It', 'BoldIt'];
  return { family: 'Source Sans 3', files: faces.map((face) => path.join(dir, `SourceSans3-${face}.ttf`)) };
}

const DEFAULT_CAPTION_FONT = 'Source Sans 3';

/** The families a plan may name in `captions.font`. */
export const captionFonts = (): CaptionFont[] => [sourceSans()];

export function captionFont(family: string | undefined): CaptionFont | undefined {
  const wanted = (family ?? DEFAULT_CAPTION_FONT).toLowerCase();
  return captionFonts().find((font) => font.family.toLowerCase() === wanted);
}
