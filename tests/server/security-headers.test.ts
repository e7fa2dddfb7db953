import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createApp } from '../../server/app.ts';

// Issue 21 §6: API answers are never stored, powerful features are denied, framing is refused consistently.
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t.close());

  it('API JSON, the sign-in answer with its token included, is Cache-Control: no-store', async () => {
    const account = await signUpVerified(t);
    const signin = await call(t.app, 'POST', '/api/v1/auth/signin', { email: account.email, password: account.password, userType: 'regular' });
    expect(signin.status).toBe(200);
    expect(signin.headers.get('cache-control')).toBe('no-store');
    const me = await call(t.app, 'GET', '/api/v1/users/me', undefined, account.token);
    expect(me.headers.get('cache-control')).toBe('no-store');
    const refused = await call(t.app, 'GET', '/api/v1/users/me');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const missing = await call(t.app, 'GET', '/api/v1/no-such-thing');
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });

  it('framing is refused the same way by X-Frame-Options and the CSP; a Permissions-Policy denies the camera to API answers', async () => {
    const res = await call(t.app, 'GET', '/api/v1/health');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const policy = res.headers.get('permissions-policy') ?? '';
    for (const denied of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) expect(policy).toContain(denied);
    // Only files meant for emails may be loaded by another origin; API answers, also errors, may not.
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect((await call(t.app, 'GET', '/api/v1/no-such-thing')).headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it("the app's pages may use the camera (photo upload), nothing else", async () => {
    const dir = fs.mkdtempSync(path.join(t.dataDir, 'dist-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Mise</title>');
    const app = createApp(t.deps, { staticDir: dir });
    const page = await app.request('/media');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const policy = page.headers.get('permissions-policy') ?? '';
    expect(policy).toContain('camera=(self)');
    expect(policy).toContain('microphone=()');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it("index.html's inline loader runs by its hash, read again when a build replaces the file; no other inline script does", async () => {
    const dir = fs.mkdtempSync(path.join(t.dataDir, 'dist-'));
    const file = path.join(dir, 'index.html');
    const loader = "(function(){document.documentElement.setAttribute('data-x','')})()";
    fs.writeFileSync(file, `<!doctype html><head><script>${loader}</script><script type="module" src="/assets/a.js"></script></head>`);
    const app = createApp(t.deps, { staticDir: dir });
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const scriptSrc = async (url: string) => /script-src ([^;]*)/.exec((await app.request(url)).headers.get('content-security-policy') ?? '')?.[1] ?? '';
    for (const url of ['/', '/signin', '/customers']) {
      expect(await scriptSrc(url)).toContain(hash(loader));
      expect(await scriptSrc(url)).not.toContain('unsafe-inline');
    }
    const next = "(function(){document.documentElement.setAttribute('data-y','')})()";
    fs.writeFileSync(file, `<!doctype html><head><script>${next}</script></head><body><p>a longer page</p></body>`);
    expect(await scriptSrc('/signin')).toContain(hash(next));
    expect(await scriptSrc('/signin')).not.toContain(hash(loader));
    // Without a built app (tests, `npm run dev`), only the usual sources.
    expect(/script-src ([^;]*)/.exec((await call(t.app, 'GET', '/api/v1/health')).headers.get('content-security-policy') ?? '')?.[1]).not.toContain('sha256');
  });
});
