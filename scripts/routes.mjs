// `node scripts/routes.mjs`: writes src/routeTree.gen.ts from src/routes (what Vite's router plugin does on a build),
// so a new route file typechecks without a build. The options match vite.config.ts.
import path from 'node:path';
import { Generator, getConfig } from '@tanstack/router-generator';

const root = path.resolve(import.meta.dirname, '..');
const config = getConfig(
  {
    target: 'react',
    routesDirectory: './src/routes',
    generatedRouteTree: './src/routeTree.gen.ts',
    routeFileIgnorePattern: '\\.(test|spec)\\.',
  },
  root,
);
await new Generator({ config, root }).run();
