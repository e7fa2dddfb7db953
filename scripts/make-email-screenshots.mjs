// Renders a sample campaign email (the built-in writer's draft from a prompt, with a brand and a photo) the way
// recipients get it, and photographs it at a phone's 360 px and a desktop inbox's 600 px for the README:
// `node scripts/make-email-screenshots.mjs` → docs/screenshots/email-360.png, email-600.png.
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');
const load = (file) => import(path.join(root, file));
const { createBuiltinProvider } = await load('server/providers/ai/builtin/builtin-provider.ts');
const { renderEmail } = await load('server/features/email/render/render-email.ts');

const brand = { name: 'La Cocina', website: 'lacocina.example.com', location: '12 Main St, Austin, TX', description: 'A family taqueria with fresh tortillas every morning.', voice: ['warm', 'playful', 'local'] };
const written = await createBuiltinProvider().writeEmail({
  prompt: 'Friday fish tacos, 2 for $12, this week only',
  brand,
  images: [{ id: '00000000-0000-4000-8000-000000000001', description: 'Fish tacos on the patio', created_at: new Date().toISOString(), kind: 'image' }],
  seed: 1,
});
// A photo and a header made here, inlined, so the picture needs no server.
const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 214, g: 140, b: 60 } } }).jpeg().toBuffer();
const header = await sharp({ create: { width: 1200, height: 300, channels: 3, background: { r: 46, g: 125, b: 50 } } }).png().toBuffer();
const { html } = await renderEmail(
  { subject: written.subject, preheader: written.preheader, blocks: written.blocks },
  { name: brand.name, website: brand.website, location: brand.location, theme: '#2E7D32', logoUrl: null, headerImageUrl: `data:image/png;base64,${header.toString('base64')}` },
  { mode: 'send', images: { '00000000-0000-4000-8000-000000000001': `data:image/jpeg;base64,${photo.toString('base64')}` } },
);
const filled = html.replaceAll('{{first_name|there}}', 'Maya').replaceAll('{{unsubscribe_url}}', '#');

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const width of [360, 600]) {
  const page = await browser.newPage({ viewport: { width, height: 800 }, deviceScaleFactor: 2 });
  await page.setContent(filled);
  await page.screenshot({ path: path.join(root, 'docs', 'screenshots', `email-${width}.png`), fullPage: true });
  await page.close();
}
await browser.close();
console.log('docs/screenshots/email-360.png, email-600.png');
