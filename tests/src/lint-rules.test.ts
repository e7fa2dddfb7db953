import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The layering rules of eslint.config.js, checked on deliberate violations: each snippet is linted as if it
// were a file at `file`, with the project's own config and import resolver.
const root = path.resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function restrictedImports(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

describe('layering lint rules', () => {
  // The first lint loads the TypeScript import resolver and the project's config: slow on a busy machine, and
  // not what is tested. It is done here, with no time limit of its own, so each test lints with everything loaded.
  beforeAll(async () => {
    await restrictedImports('src/features/customers/fixture.ts', "export { customerQueries } from './customers-queries.ts';\n");
  }, 0);

  it("refuses a feature importing another feature's component, and allows its *-queries.ts", async () => {
    const component = await restrictedImports('src/features/customers/fixture.ts', "export { SegmentList } from '../segments/segment-list.tsx';\n");
    expect(component).toHaveLength(1);
    expect(component[0]).toMatch(/Features do not import each other/);
    expect(await restrictedImports('src/features/customers/fixture.ts', "export { segmentQueries } from '../segments/segments-queries.ts';\n")).toEqual([]);
    expect(await restrictedImports('src/features/customers/fixture.ts', "export { customerQueries } from './customers-queries.ts';\n")).toEqual([]);
  });

  it('refuses src/lib and src/ui importing a feature', async () => {
    expect(await restrictedImports('src/ui/fixture.ts', "export { segmentQueries } from '../features/segments/segments-queries.ts';\n")).toHaveLength(1);
    expect(await restrictedImports('src/lib/fixture.ts', "export { MediaLibrary } from '../features/media/media-library.tsx';\n")).toHaveLength(1);
  });

  it('refuses providers, jobs, lib and middleware importing a server feature', async () => {
    for (const folder of ['server/providers/ai', 'server/jobs', 'server/lib', 'server/middleware']) {
      const depth = folder.split('/').length - 1;
      const up = '../'.repeat(depth);
      const found = await restrictedImports(`${folder}/fixture.ts`, `export { listCustomers } from '${up}features/customers/customers.service.ts';\n`);
      expect(found, folder).toHaveLength(1);
    }
    expect(await restrictedImports('server/features/email/fixture.ts', "export { listCustomers } from '../customers/customers.service.ts';\n")).toEqual([]);
  });

  it('keeps the server from importing client code other than the contract', async () => {
    expect(await restrictedImports('server/features/email/fixture.ts', "export { api } from '../../../src/lib/api.ts';\n")).toHaveLength(1);
    expect(await restrictedImports('server/features/email/fixture.ts', "export { ErrorResponseSchema } from '../../../src/contract/common.ts';\n")).toEqual([]);
  });
});
