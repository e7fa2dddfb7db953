import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { connect } from './pos-helpers.ts';

/**
 * The README's "try it with no Square account" recipe, run as written: the fake started by its command line,
 * Mise with exactly the variables the README gives (in production mode, as `npm start` runs it). Only the
 * port is swapped for a free one, so runs never collide.
 */
const root = path.resolve(import.meta.dirname, '../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const fakeLine = /^\s*(node --import tsx tests\/fakes\/square\.ts (\d+))\s*$/m.exec(readme);
const startLine = /^\s*((?:[A-Z_]+=\S+ )+)npm start\s*$/m.exec(readme.slice(readme.indexOf('tests/fakes/square.ts')));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe("README: Square with no Square account (the local fake)", () => {
  let fake: ChildProcess | undefined;
  let t: TestApp | undefined;
  afterAll(async () => {
    fake?.kill();
    await t?.close();
  });

  it('is in the README with both commands', () => {
    expect(fakeLine, 'the command that starts the fake').not.toBeNull();
    expect(startLine, 'the npm start line with its variables').not.toBeNull();
  });

  it('connects Square through the fake with the variables the README gives', async () => {
    const readmePort = fakeLine![2]!;
    const port = String(await freePort());
    const [command, ...args] = fakeLine![1]!.replace(readmePort, port).split(' ');
    expect(command).toBe('node');
    fake = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      fake!.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('fake Square on') && resolve());
      fake!.on('exit', (code) => reject(new Error(`the fake exited (${code})`)));
    });

    const env = Object.fromEntries(
      startLine![1]!
        .trim()
        .split(/\s+/)
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1).replace(readmePort, port)]),
    );
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['SQUARE_CLIENT_ID', 'SQUARE_CLIENT_SECRET', 'SQUARE_BASE_URL', 'DATA_ENCRYPTION_KEY']));
    t = await createTestApp({ ...env, NODE_ENV: 'production' });
    const owner = await signUpVerified(t);

    const status = await call(t.app, 'GET', '/api/v1/pos/connection', undefined, owner.token);
    expect(status.body.providers.square).toMatchObject({ configured: true, setup_hint: null });
    const connected = await connect(t, owner, 'square');
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect(connected.body.message).toMatch(/^Square connected/);
    // A fake started with tsx and a fresh app: on a busy 2-core machine that alone can take most of a minute.
  }, 180_000);
});
