// Draws the home-screen shortcut icons (manifest `shortcuts`, sw/manifest.ts) from Tabler's outline icons:
// the glyph in white on Mise's orange, 96×96 and 192×192 PNG. Run after changing one: `node scripts/make-shortcut-icons.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const glyphs = { upload: 'photo-up', email: 'mail', text: 'message', ask: 'message-chatbot' };

for (const [name, glyph] of Object.entries(glyphs)) {
  const source = fs.readFileSync(path.join(root, 'node_modules/@tabler/icons/icons/outline', `${glyph}.svg`), 'utf8');
  const inner = source.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">
  <rect width="96" height="96" rx="22" fill="#e8590c"/>
  <g transform="translate(24 24) scale(2)" fill="none" stroke="#fff" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round">${inner}</g>
</svg>`;
  for (const size of [96, 192]) {
    await sharp(Buffer.from(svg), { density: 72 * (size / 96) })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(path.join(root, 'public/icons/shortcuts', `${name}-${size}.png`));
  }
}
