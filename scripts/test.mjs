// `npm test`: typecheck, lint, the first-load size check, unit and API tests (vitest), then the Playwright journeys. Stops at the first failure.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  ['typecheck', ['npm', 'run', '--silent', 'typecheck']],
  ['lint', ['npm', 'run', '--silent', 'lint']],
  // The first load's gzip JS, read from a build (scripts/check-first-load.mjs, issue 17's budget).
  ['first-load size', [process.execPath, path.join(root, 'scripts', 'check-first-load.mjs')]],
  ['unit and API tests', [process.execPath, path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run']],
  ['browser journeys', [process.execPath, path.join(root, 'scripts', 'e2e.mjs')]],
];
for (const [name, [command, ...args]] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✔ all checks passed');
