// The two builds the page benches compare (bench-first-load.mjs, bench-web.mjs): the app (into `work`/dist, or the
// existing dist/ with `--no-build`) and the bare Vite + React + Mantine sign-in page of scripts/bare-app.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Builds both; returns where. Exits the process if the app's build fails. */
export async function buildAppAndBare(work, { noBuild }) {
  fs.mkdirSync(work, { recursive: true });
  const appDist = noBuild ? path.join(root, 'dist') : path.join(work, 'dist');
  if (noBuild && !fs.existsSync(path.join(appDist, 'index.html'))) throw new Error('--no-build: there is no dist/ (npm run build first)');
  if (!noBuild) {
    console.log('Building the app…');
    const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const built = spawnSync(process.execPath, [vite, 'build', '--outDir', appDist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  console.log('Building the bare page…');
  const bareDist = path.join(work, 'bare-dist');
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  await build({
    root: path.join(root, 'scripts', 'bare-app'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: bareDist, emptyOutDir: true, target: 'es2022' },
  });
  return { appDist, bareDist };
}
