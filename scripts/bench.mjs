// `npm run bench`: every benchmark in turn, each printing its own figures. Speed is measured here, never in tests.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const benches = ['bench-media.mjs', 'bench-segments.mjs', 'bench-email-render.mjs', 'bench-email-bundle.mjs', 'bench-send.mjs', 'bench-text.mjs', 'bench-sequences.mjs', 'bench-video.mjs', 'bench-video-api.mjs', 'bench-ask.mjs', 'bench-first-load.mjs', 'bench-web.mjs', 'bench-load.mjs'];
let failed = 0;
for (const bench of benches) {
  console.log(`\n▶ ${bench}`);
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', bench), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
