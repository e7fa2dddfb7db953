// `npm run dev`: Vite with hot reload on http://localhost:5173 (proxying /api) and the API on :3001, restarted on change.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], { cwd: root, stdio: 'inherit', env: { PORT: '3001', ...process.env } }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children) child.on('exit', (code) => {
  stop('SIGTERM');
  process.exit(code ?? 0);
});
