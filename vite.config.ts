import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaManifest } from './sw/manifest.ts';

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

export default defineConfig({
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
  },
  plugins: [
    tanstackRouter({
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
    }),
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
    alias: [
      // The toasts' renderer on its own (src/ui/lazy-notifications.tsx): through the package's one entry, a lazy import
      // of it would take the store that `notifications.show` needs along into the same chunk, back in the first load.
      { find: /^mise:notifications-renderer$/, replacement: path.resolve(import.meta.dirname, 'node_modules/@mantine/notifications/esm/Notifications.mjs') },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3001' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every route file's always-loaded part (path, search validation, the lazy import of its screen) in one
            // file: apart, each was a file of its own carrying its screen's dependency list, ~1.7 KB gzip per route.
            { name: 'routes', test: /[\\/]src[\\/]routes[\\/].*\.tsx$|routeTree\.gen\.ts$/ },
            // React, the router and the query client are needed by every screen: one file, not dozens of small ones.
            { name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/][^\\/]+)[\\/]/ },
          ],
        },
      },
    },
  },
});
