// `npm test`: typecheck, lint, unit and API tests (vitest), the Playwright journeys, then the first-load size check
// (read from the build the journeys ran against, so the app is built once). Stops at the first failure.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The journeys' server builds into test-results/e2e-<port>/dist (playwright.config.ts); fixing the port here says where.
const e2ePort = process.env.E2E_PORT ?? String(3100 + (process.pid % 800));
const steps = [
  ['typecheck', ['npm', 'run', '--silent', 'typecheck']],
  ['lint', ['npm', 'run', '--silent', 'lint']],
  ['unit and API tests', [process.execPath, path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run']],
  ['browser journeys', [process.execPath, path.join(root, 'scripts', 'e2e.mjs')]],
  // The first load's gzip JS (scripts/check-first-load.mjs, issue 17's budget).
  ['first-load size', [process.execPath, path.join(root, 'scripts', 'check-first-load.mjs'), '--dist', path.join(root, 'test-results', `e2e-${e2ePort}`, 'dist')]],
];
for (const [name, [command, ...args]] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, E2E_PORT: e2ePort } });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✔ all checks passed');
