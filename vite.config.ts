import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstPaint } from './scripts/first-paint.ts';
import { pwaManifest } from './sw/manifest.ts';

const routerOptions: Parameters<typeof tanstackRouter>[0] = {
  target: 'react',
  autoCodeSplitting: true,
  // A route's loader goes in its screen's chunk (by default only components are split, and every loader with the
  // queries, contracts and libraries it imports landed in the entry). What stays in the entry is each route's
  // validateSearch / beforeLoad / loaderDeps: keep those on small modules (no contract with heavy imports).
  codeSplittingOptions: {
    defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent'], ['pendingComponent']],
  },
  routesDirectory: './src/routes',
  generatedRouteTree: './src/routeTree.gen.ts',
  routeFileIgnorePattern: '\\.(test|spec)\\.',
};

const alias = [
  // The toasts' renderer on its own (src/ui/lazy-notifications.tsx): through the package's one entry, a lazy import
  // of it would take the store that `notifications.show` needs along into the same chunk, back in the first load.
  { find: /^mise:notifications-renderer$/, replacement: path.resolve(import.meta.dirname, 'node_modules/@mantine/notifications/esm/Notifications.mjs') },
];

// The split parts (component and loader) of the routes that draw /signin and the signed-in home.
const SIGNIN = /[\\/]src[\\/]routes[\\/]_auth(\.tsx|[\\/]signin\.tsx)\?tsr-split=/;
const HOME = /[\\/]src[\\/]routes[\\/]_app(\.tsx|[\\/]index\.tsx)\?tsr-split=/;
// React, the router and the query client are needed by every screen: one file, not dozens of small ones.
// (Not the query cache's persisters: they start with the stored answers, after the first screen's files.)
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](?!query-persist|query-async-storage)[^\\/]+)[\\/]/;

// The storage start-up main.tsx imports lazily (read cache, token mirror, outbox) and what it takes along.
const STORAGE = /[\\/]src[\\/](start-storage|lib[\\/]offline[\\/]start-offline|features[\\/]media[\\/]media-wipe)\.ts$/;

type FirstLoadGroup = 'framework' | 'start' | 'signin' | 'shell' | 'storage';

/**
 * Which first-load file each module goes in, read from a quick unminified build with Rolldown's own splitting (which
 * knows, after tree-shaking, what each screen really uses; the module graph alone does not, since a package's index
 * re-exports all of it):
 *  - `start`: what the entry runs (route tree, search validation, providers) and what both /signin and the home draw;
 *  - `signin`: what only the signed-out screens draw; `shell`: what only the signed-in frame and home draw;
 *  - `storage`: the read cache, the token mirror and the outbox (IndexedDB), loaded by main.tsx on its own;
 *  - `framework`: React, the router and the query client, the parts both first screens run.
 * Anything else (every other screen, what the first screens import lazily: the storage start-up, the toasts' renderer,
 * the service worker's registration) is split by Rolldown as before. Apart, the first load was 60–95 files: each is
 * gzipped alone and named in the preload lists.
 * The groups import one another and lazy chunks import them back: safe because no module awaits at its top level
 * (main.tsx renders from a promise); a top-level await on such a chunk never finishes (the page stays empty).
 */
async function firstLoadGroups(mode: string): Promise<Map<string, FirstLoadGroup>> {
  const { build } = await import('vite');
  const output = await build({
    configFile: false,
    root: import.meta.dirname,
    mode,
    logLevel: 'silent',
    define: { __BUILD_ID__: '""' },
    resolve: { alias },
    // The service worker's registration is lazy: not part of any first screen.
    plugins: [
      tanstackRouter(routerOptions),
      react(),
      {
        name: 'mise-no-pwa',
        resolveId: (id) => (id === 'virtual:pwa-register' ? '\0pwa' : null),
        load: (id) => (id === '\0pwa' ? 'export const registerSW = () => () => {};' : null),
      },
    ],
    build: {
      write: false,
      minify: false,
      sourcemap: false,
      target: 'es2022',
      // Rolldown's own splitting, so each screen's closure below holds only the framework modules it uses.
      rolldownOptions: { output: { codeSplitting: true } },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output : [])).filter((c) => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (roots: typeof chunks) => {
    const seen = new Set<string>();
    const visit = (fileName: string) => {
      if (seen.has(fileName)) return;
      seen.add(fileName);
      byName.get(fileName)?.imports.forEach(visit);
    };
    roots.forEach((c) => visit(c.fileName));
    return seen;
  };
  const modulesOf = (files: Set<string>) => new Set([...files].flatMap((f) => byName.get(f)?.moduleIds ?? []));
  const start = modulesOf(closure(chunks.filter((c) => c.isEntry)));
  const signin = modulesOf(closure(chunks.filter((c) => c.moduleIds.some((id) => SIGNIN.test(id)))));
  const home = modulesOf(closure(chunks.filter((c) => c.moduleIds.some((id) => HOME.test(id)))));
  const storage = modulesOf(closure(chunks.filter((c) => c.moduleIds.some((id) => STORAGE.test(id)))));
  const groups = new Map<string, FirstLoadGroup>();
  for (const id of new Set([...start, ...signin, ...home, ...storage])) {
    const shared = start.has(id) || (signin.has(id) && home.has(id));
    // Only the framework modules both first screens run (what only the home runs, like query observers, goes with the
    // shell; the rest, like infinite queries or hydration, with the screens that use them).
    if (FRAMEWORK.test(id) && shared) groups.set(id, 'framework');
    else if (shared) groups.set(id, 'start');
    // The outbox and IndexedDB: before the home's first render, after the sign-in screen's first paint.
    else if (storage.has(id)) groups.set(id, 'storage');
    else groups.set(id, signin.has(id) ? 'signin' : 'shell');
  }
  return groups;
}

// One build id per build: the service worker, the persisted query cache (`buster`) and the update prompt share it.
const buildId = new Date().toISOString();

/**
 * Brotli and gzip copies of every compressible built file (the server picks one by Accept-Encoding, see server/app.ts),
 * written once at build time at the highest levels instead of on every request. Runs after the service worker is built.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mise-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const walk = (dir: string): string[] =>
          fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
            const full = path.join(dir, entry.name);
            return entry.isDirectory() ? walk(full) : [full];
          });
        for (const file of walk(outDir)) {
          if (!/\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
          const raw = fs.readFileSync(file);
          if (raw.length < 1024) continue;
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
          fs.writeFileSync(
            `${file}.br`,
            zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
          );
        }
      },
    },
  };
}

/**
 * The files the entry loads by itself (index.html's script and modulepreload links), read from the bundle before Vite
 * writes each lazy import's preload list: a list need not name them (they are loaded before any lazy import runs), and
 * in the entry's `routes` file those lists were ~7 KB gzip of the first load. Used by `modulePreload.resolveDependencies`.
 */
const firstLoadFiles = new Set<string>();
const FIRST_SCREEN_FILE = /(^|\/)(signin|shell|storage)-[\w-]+\.js$/;
function collectFirstLoadFiles(): Plugin {
  return {
    name: 'mise-first-load-files',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        firstLoadFiles.clear();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (firstLoadFiles.has(fileName) || chunk?.type !== 'chunk') return;
          firstLoadFiles.add(fileName);
          chunk.imports.forEach(visit);
        };
        for (const [fileName, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(fileName);
      },
    },
  };
}

export default defineConfig(async ({ command, mode }) => {
  const groups = command === 'build' ? await firstLoadGroups(mode) : new Map<string, FirstLoadGroup>();
  return {
    define: {
      __BUILD_ID__: JSON.stringify(buildId),
    },
    plugins: [
      tanstackRouter(routerOptions),
      react(),
      // The service worker lives in sw/ (see sw/sw.ts); the page registers it (src/lib/offline/sw-registration.ts).
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        manifest: pwaManifest,
        includeAssets: ['favicon.svg', 'robots.txt', 'icons/apple-touch-icon.png'],
        injectManifest: {
          // ES output fails to evaluate as a classic service worker in Chromium.
          rollupFormat: 'iife',
          globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
          // Store screenshots are for install dialogs, not for running offline.
          globIgnores: ['screenshots/**'],
        },
        devOptions: { enabled: false },
      }),
      // The sign-in screen in index.html, the JavaScript after the first paint (before the service worker's build).
      firstPaint(),
      precompress(),
      collectFirstLoadFiles(),
    ],
    resolve: { alias },
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:3001' },
    },
    build: {
      target: 'es2022',
      sourcemap: true,
      modulePreload: {
        // Every browser Mise supports knows <link rel=modulepreload>; without it a file is fetched when imported.
        polyfill: false,
        // In JavaScript, a lazy import's list names only its style sheets and the first screens' own files (signin,
        // shell, storage): the lists of every screen's shared chunks were ~4 KB gzip of the entry, so of both first
        // loads. Another screen's chunk still loads every file it imports (the browser follows its static imports, and
        // the router starts that on intent: a press or hover), a level at a time instead of all at once.
        resolveDependencies: (_file: string, deps: string[], { hostType }: { hostType: string }) =>
          hostType === 'js' ? deps.filter((dep) => !firstLoadFiles.has(dep) && (dep.endsWith('.css') || FIRST_SCREEN_FILE.test(dep))) : deps,
      },
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // Everything the first screens need in a few files (framework, start, signin, shell, storage) instead of
              // 60–95 small ones: see firstLoadGroups.
              { name: (id: string) => groups.get(id) ?? null, debugName: 'first-load', includeDependenciesRecursively: false },
            ],
          },
        },
      },
    },
  };
});
