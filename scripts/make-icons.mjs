// Draws Mise's app icons (the brand's zigzag M on a white plate, on paprika orange) and renders the
// PNGs the web app manifest and iOS need. Run after changing the drawing: `node scripts/make-icons.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'public', 'icons');
fs.mkdirSync(out, { recursive: true });

const PAPRIKA = '#e8590c';
const PAPRIKA_DARK = '#ba4200';
const RIM = '#ffe4d3';

// The M of public/favicon.svg (M14 46V20l9 14 9-14 9 14 9-14v26), scaled ×5 around the plate's centre.
const m = 'M166 327V197l45 70 45-70 45 70 45-70v130';

/** `rounded`: a rounded square with transparent corners ('any' icons); otherwise full bleed (maskable, iOS). */
function drawing({ rounded }) {
  const background = rounded
    ? `<rect width="512" height="512" rx="112" fill="url(#bg)"/>`
    : `<rect width="512" height="512" fill="url(#bg)"/>`;
  // Everything that matters sits inside a circle of radius 176 (the maskable safe zone is 204.8).
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <defs>
    <radialGradient id="bg" cx="35%" cy="25%" r="90%">
      <stop offset="0" stop-color="#f87a30"/>
      <stop offset="1" stop-color="${PAPRIKA}"/>
    </radialGradient>
  </defs>
  ${background}
  <circle cx="256" cy="270" r="168" fill="${PAPRIKA_DARK}" opacity="0.35"/>
  <circle cx="256" cy="258" r="168" fill="#fff"/>
  <circle cx="256" cy="258" r="134" fill="none" stroke="${RIM}" stroke-width="8"/>
  <path d="${m}" fill="none" stroke="${PAPRIKA}" stroke-width="28" stroke-linecap="round" stroke-linejoin="round"/>
</svg>
`;
}

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true },
  { file: 'icon-512.png', size: 512, rounded: true },
  { file: 'icon-maskable-512.png', size: 512, rounded: false },
  { file: 'apple-touch-icon.png', size: 180, rounded: false },
];

fs.writeFileSync(path.join(out, 'icon.svg'), drawing({ rounded: true }));
for (const icon of icons) {
  await sharp(Buffer.from(drawing(icon)), { density: 72 * (icon.size / 512) * 4 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, icon.file));
  console.log(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
}
