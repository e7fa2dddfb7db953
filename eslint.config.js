import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Features never import each other; routes compose them (bulletproof-react's rule). One exception: a feature
// may read another feature's data through its query keys and options (`*-queries.ts`), so a campaign screen can
// list segments without a second copy of their API and cache key.
const features = fs.existsSync('src/features') ? fs.readdirSync('src/features') : [];
// Glob zones match absolute paths.
const srcFeatures = path.join(import.meta.dirname, 'src', 'features');
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: `${srcFeatures}/**/*`,
  except: [`${srcFeatures}/${feature}/**/*`, `${srcFeatures}/*/*-queries.ts`],
  message: "Features do not import each other (only another feature's *-queries.ts): compose them in a route.",
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/routeTree.gen.ts', 'test-results', 'playwright-report', 'data', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Import circles hide which module owns a shape: shared types live in a module of their own.
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src', from: './server', message: 'The client never imports server code.' },
            { target: './src', from: './sw', message: 'The page talks to the service worker by messages, not imports.' },
            {
              target: './server',
              from: './src',
              except: ['./contract'],
              message: 'The server imports only src/contract from the client side.',
            },
            {
              target: './src/contract',
              from: './src',
              except: ['./contract'],
              message: 'The contract depends on nothing but valibot and itself.',
            },
            ...featureZones,
            {
              target: ['./src/lib', './src/ui'],
              from: './src/features',
              message: 'src/lib and src/ui are shared by every feature and import none: pass what they need as props.',
            },
            {
              target: ['./server/providers', './server/jobs', './server/lib', './server/middleware'],
              from: './server/features',
              message: 'Providers, jobs, lib and middleware are below the features and import none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
