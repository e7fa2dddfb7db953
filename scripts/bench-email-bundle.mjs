// `node scripts/bench-email-bundle.mjs` (part of `npm run bench:email`): what the email screens cost a phone.
//   - the email editor's chunk (the visual editor with react-quill-new, loaded lazily): gzip bytes of the JS and CSS
//     that only the editor needs, and all it adds to a signed-in phone that has the shell already;
//   - the signed-in shell's first load (index.html's scripts and styles, and the chunks of the layout and Home
//     routes, with their static imports) before and after the email screens: "before" is the same tree built without
//     src/routes/_app/campaigns/email-campaigns (nothing outside those routes imports the email feature), so the
//     difference is what the email screens add to every first load. Goal: at most 5 KB gzip.
// Both builds use the project's vite.config.ts with a manifest; sizes are each file's gzip (level 9, as served).
// `--no-before` skips the second build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const work = path.join(root, 'test-results', 'bench-email');
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const EMAIL_ROUTES = path.join('src', 'routes', '_app', 'campaigns', 'email-campaigns');
const EDITOR = 'src/features/email/email-editor.tsx';
const GOAL = 5 * 1024;
const args = new Set(process.argv.slice(2));

function build(cwd, outDir) {
  const started = performance.now();
  const built = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], { cwd, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  return (performance.now() - started) / 1000;
}

/** The tree as it is now, without the email routes, next to the real one (node_modules shared by a link). */
function treeWithoutEmailRoutes() {
  const copy = path.join(work, 'tree-before');
  fs.rmSync(copy, { recursive: true, force: true });
  fs.mkdirSync(copy, { recursive: true });
  for (const entry of ['index.html', 'vite.config.ts', 'package.json', 'tsconfig.json', 'src', 'sw', 'public']) {
    if (fs.existsSync(path.join(root, entry))) fs.cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  fs.rmSync(path.join(copy, EMAIL_ROUTES), { recursive: true });
  // The router plugin writes the route tree again from the files that are left.
  fs.rmSync(path.join(copy, 'src', 'routeTree.gen.ts'), { force: true });
  return copy;
}

const gzipSize = (file) => (fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function readManifest(dist) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  /** Files (JS and CSS) a chunk loads with it: its own, its static imports', recursively. */
  const closure = (keys) => {
    const files = new Set();
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      const chunk = manifest[key];
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return files;
  };
  const size = (files) => {
    let js = 0;
    let css = 0;
    for (const file of files) {
      const bytes = gzipSize(path.join(dist, file));
      if (file.endsWith('.css')) css += bytes;
      else js += bytes;
    }
    return { js, css, files: files.size };
  };
  return { manifest, closure, size };
}

/** index.html, then what showing Home signed in needs: the root, the signed-in layout and the Home route's chunks. */
function shellKeys(manifest) {
  const routeChunks = Object.keys(manifest).filter((key) => /^src\/routes\/(?:__root|_app|_app\/index)\.tsx(?:\?|$)/.test(key));
  return ['index.html', ...routeChunks];
}

function measure(dist) {
  const { manifest, closure, size } = readManifest(dist);
  const shellFiles = closure(shellKeys(manifest));
  const shell = size(shellFiles);
  const result = { shell };
  if (manifest[EDITOR]) {
    const editorFiles = closure([EDITOR]);
    // What nothing else loads: the editor's own files, not shared with any other entry or lazy chunk.
    const others = Object.keys(manifest).filter((key) => key !== EDITOR && (manifest[key].isEntry || manifest[key].isDynamicEntry));
    const elsewhere = closure(others);
    result.editorOnly = size(new Set([...editorFiles].filter((file) => !elsewhere.has(file))));
    result.editorBeyondShell = size(new Set([...editorFiles].filter((file) => !shellFiles.has(file))));
    result.editorFile = manifest[EDITOR].file;
  }
  return result;
}

fs.mkdirSync(work, { recursive: true });
console.log('Building the app…');
const afterDist = path.join(work, 'dist-after');
const afterSeconds = build(root, afterDist);
const after = measure(afterDist);
let before = null;
if (!args.has('--no-before')) {
  console.log('Building the same tree without the email screens…');
  const tree = treeWithoutEmailRoutes();
  const beforeDist = path.join(work, 'dist-before');
  build(tree, beforeDist);
  before = measure(beforeDist);
  if (before.editorFile) throw new Error('the build without the email routes still has the email editor: something else imports it');
}

console.log(`\nemail bundle (builds: ${afterSeconds.toFixed(0)} s for the app; gzip level 9 per file)`);
if (after.editorOnly) {
  console.log(`email editor chunk (${after.editorFile} and what only it loads): ${kb(after.editorOnly.js)} JS + ${kb(after.editorOnly.css)} CSS in ${after.editorOnly.files} files`);
  console.log(`opening the editor on a phone that has the shell:       ${kb(after.editorBeyondShell.js)} JS + ${kb(after.editorBeyondShell.css)} CSS in ${after.editorBeyondShell.files} files`);
} else {
  console.log('email editor chunk: not found in the manifest');
}
const line = (name, { js, css, files }) => console.log(`${name.padEnd(46)} ${kb(js).padStart(9)} JS ${kb(css).padStart(8)} CSS ${String(files).padStart(4)} files`);
console.log('\nsigned-in shell first load (index.html + root, layout and Home routes):');
if (before) line('  before (no email screens)', before.shell);
line('  after', after.shell);
if (before) {
  const grown = after.shell.js + after.shell.css - (before.shell.js + before.shell.css);
  console.log(`  grown by ${kb(grown)} gzip (goal ≤ ${kb(GOAL)}): ${grown <= GOAL ? 'met' : 'OVER'}`);
}
