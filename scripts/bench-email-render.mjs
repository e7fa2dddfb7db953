// `node scripts/bench-email-render.mjs` (or `npm run bench:email`): how long rendering one email draft takes
// on the server's thread, side by side with a bare mjml2html call on the same MJML in the same run, so the
// cost of our layer (block MJML, rich-text sanitizing, plain-text part) is visible against MJML itself.
// Options: BENCH_EMAIL_RUNS (default 300), BENCH_EMAIL_WARMUP (default 30).
import path from 'node:path';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');
const { default: mjml2html } = await import('mjml');
const { renderEmail, emailMjml } = await import(path.join(root, 'server/features/email/render/render-email.ts'));
const { composeEmail } = await import(path.join(root, 'server/providers/ai/builtin/email/compose-email.ts'));
const { STARTER_TEMPLATES } = await import(path.join(root, 'server/features/email/templates/starter-templates.ts'));

const RUNS = Number(process.env.BENCH_EMAIL_RUNS ?? 300);
const WARMUP = Number(process.env.BENCH_EMAIL_WARMUP ?? 30);

const brand = {
  name: 'La Cocina',
  website: 'https://lacocina.example.com',
  location: '12 Main St, Austin, TX 78701',
  theme: '#FF3434',
  logoUrl: 'https://cdn.example.com/logo.png',
  headerImageUrl: 'https://cdn.example.com/header.png',
};
const photos = [
  { id: 'photo-1', description: 'Fish tacos with lime', created_at: '2025-06-01T00:00:00Z', kind: 'image' },
  { id: 'photo-2', description: 'The patio at sunset', created_at: '2025-05-01T00:00:00Z', kind: 'image' },
];
const images = { 'photo-1': 'https://cdn.example.com/photo-1.jpg', 'photo-2': 'https://cdn.example.com/photo-2.jpg' };

// A typical AI draft (two photos, a details list) and the longest starter template.
const written = composeEmail({
  prompt: 'Friday fish tacos, 2 for $12, this week only',
  brand: { name: brand.name, website: brand.website, location: brand.location, description: '', voice: ['warm'] },
  images: photos,
  seed: 2,
});
const draft = { subject: written.subject, preheader: written.preheader, blocks: written.blocks };
const template = [...STARTER_TEMPLATES].sort((a, b) => b.blocks.length - a.blocks.length)[0];

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
async function measure(run) {
  for (let i = 0; i < WARMUP; i++) await run();
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) };
}

const mjmlOptions = { validationLevel: 'soft', keepComments: false, fonts: {}, ignoreIncludes: true, minify: false, beautify: false };
const fmt = (ms) => `${ms.toFixed(2).padStart(7)} ms`;
console.log(`email render: ${RUNS} runs after ${WARMUP} warm-up, Node ${process.version}`);
console.log(`${'case'.padEnd(44)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'max'.padStart(10)}`);
for (const [name, content, options] of [
  [`AI draft (${draft.blocks.length} blocks)`, draft, { images }],
  [`starter template "${template.id}" (${template.blocks.length} blocks)`, template, { mode: 'preview' }],
]) {
  const mjml = emailMjml(content, brand, options);
  const ours = await measure(() => renderEmail(content, brand, options));
  const bare = await measure(() => mjml2html(mjml, mjmlOptions));
  const { html, text } = await renderEmail(content, brand, options);
  console.log(`${`renderEmail: ${name}`.padEnd(44).slice(0, 44)} ${fmt(ours.p50)} ${fmt(ours.p95)} ${fmt(ours.max)}`);
  console.log(`${'  bare mjml2html, same MJML'.padEnd(44)} ${fmt(bare.p50)} ${fmt(bare.p95)} ${fmt(bare.max)}`);
  console.log(`  output: ${(html.length / 1024).toFixed(1)} KB HTML, ${(text.length / 1024).toFixed(1)} KB text`);
}
