import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Server tests run on embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const serverProject = (name: string, database: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    env: { MISE_TEST_DB: database },
    // Generous: a test that opens a second app (a fresh embedded database and its migrations) can take tens of seconds
    // on a loaded 2-core machine. A timeout here means "stuck", never "slow".
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify('test') },
  test: {
    // Vitest's default is one file at a time on a 2-core machine (CPUs − 1). Each server file has its own database and
    // much of a file's time is spent waiting (PostgreSQL in its own process, child servers, fakes), so two overlap well.
    maxWorkers: 2,
    projects: [
      serverProject('server (PGlite)', 'pglite'),
      ...(onPostgres ? [serverProject('server (PostgreSQL)', 'postgres')] : []),
      {
        extends: true,
        test: { name: 'client', include: ['tests/src/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 20_000 },
      },
    ],
  },
});
