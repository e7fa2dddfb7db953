import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaManifest } from './sw/manifest.ts';

/**
 * What index.html already loads (the entry and every chunk it imports statically), filled in before Vite writes the
 * dependency lists of dynamic imports: a route's list then names only the files it adds, not the framework, the router
 * and the shared UI the page has already run (those lists live in the entry and were 8 KB gzip of it).
 */
const entryClosure = new Set<string>();
function entryClosurePlugin(): Plugin {
  return {
    name: 'mise-entry-closure',
    apply: 'build',
    enforce: 'pre',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        entryClosure.clear();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || entryClosure.has(fileName)) return;
          entryClosure.add(fileName);
          chunk.imports.forEach(visit);
        };
        for (const [fileName, chunk] of Object.entries(bundle))
          if (chunk.type === 'chunk' && chunk.isEntry) visit(fileName);
      },
    },
  };
}

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
  {
    find: /^mise:notifications-renderer$/,
    replacement: path.resolve(import.meta.dirname, 'node_modules/@mantine/notifications/esm/Notifications.mjs'),
  },
];

const ENTRY = /[\\/]src[\\/]main\.tsx$/;
// The split parts (component and loader) of the routes that draw /signin and the signed-in home.
const SIGNIN = /[\\/]src[\\/]routes[\\/]_auth(\.tsx|[\\/]signin\.tsx)\?tsr-split=component/;
const HOME = /[\\/]src[\\/]routes[\\/]_app(\.tsx|[\\/]index\.tsx)\?tsr-split=component/;
// React, the router and the query client are needed by every screen: one file, not dozens of small ones.
// (Not the read cache's persister: only a signed-in page loads it, after the first screen's files.)
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](?!query-persist|query-async-storage|react-query-persist)[^\\/]+)[\\/]/;

type FirstLoadGroup = 'start' | 'signin' | 'shell';

/**
 * Which first-load file each module goes in, read from a quick unminified build with Rolldown's own splitting (which
 * knows, after tree-shaking, what each screen really uses; the module graph alone does not, since a package's index
 * re-exports all of it):
 *  - `start`: what the entry runs (route tree, search validation, providers) and what both /signin and the home draw;
 *  - `signin`: what only the signed-out screens draw; `shell`: what only the signed-in frame and home draw.
 * Anything else (every other screen, what the first screens import lazily) is split by Rolldown as before. Apart, the
 * first load was ~90 files: each is gzipped alone (~25 % bigger than together) and named in the preload lists.
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
    // The service worker's registration is not part of any first screen's static imports.
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
      rolldownOptions: {
        output: {
          codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] },
        },
      },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output])
    .flatMap((o) => ('output' in o ? o.output : []))
    .filter((c) => c.type === 'chunk');
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
  const groups = new Map<string, FirstLoadGroup>();
  for (const id of new Set([...start, ...signin, ...home])) {
    // main.tsx stays alone in the entry file: it awaits the lazy start-storage.ts before the first render, and that file
    // imports from these groups; were main.tsx in `start`, the import would wait for main.tsx to finish (a deadlock).
    if (FRAMEWORK.test(id) || ENTRY.test(id)) continue;
    groups.set(id, start.has(id) || (signin.has(id) && home.has(id)) ? 'start' : signin.has(id) ? 'signin' : 'shell');
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
            zlib.brotliCompressSync(raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
          );
        }
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
      entryClosurePlugin(),
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
      precompress(),
    ],
    resolve: {
      alias,
    },
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:3001' },
    },
    build: {
      target: 'es2022',
      modulePreload: {
        resolveDependencies: (_file: string, deps: string[], { hostType }: { hostType: string }) =>
          hostType === 'js' ? deps.filter((dep) => !entryClosure.has(dep)) : deps,
      },
      sourcemap: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // React, the router and the query client are needed by every screen: one file, not dozens of small ones.
              { name: 'framework', test: FRAMEWORK, priority: 2 },
              // Everything the first screens need, in three files instead of a hundred small ones (each small file is
              // gzipped alone, so ~25 % bigger, and named in every lazy import's preload list): see firstLoadGroup.
              {
                name: (id: string) => groups.get(id) ?? null,
                debugName: 'first-load',
                priority: 1,
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
  };
});
