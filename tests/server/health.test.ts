import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('health and the API edge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the database as reachable', async () => {
    const res = await call(t.app, 'GET', '/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: { ok: true } });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await call(t.app, 'GET', '/api/v1/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'No such API endpoint', code: 'not_found' });
  });

  it('sends a strict Content-Security-Policy', async () => {
    const res = await call(t.app, 'GET', '/api/v1/health');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).not.toContain('accounts.google.com');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('refuses a cross-site form post', async () => {
    const res = await call(t.app, 'POST', '/api/v1/health', new FormData(), undefined, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('refuses bodies over the size limit with 413', async () => {
    const big = 'x'.repeat(t.deps.env.MAX_BODY_BYTES + 10);
    const res = await call(t.app, 'POST', '/api/v1/health', { big }, undefined, { 'Content-Length': String(big.length + 10) });
    expect(res.status).toBe(413);
  });
});

describe('CSP with social sign-in configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GOOGLE_CLIENT_ID: 'mise-test.apps.googleusercontent.com', APPLE_CLIENT_ID: 'com.mise.web' });
  });
  afterAll(() => t.close());

  it('allows the Google and Apple scripts and their popups, and nothing else new', async () => {
    const res = await call(t.app, 'GET', '/api/v1/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'[^;]*https:\/\/accounts\.google\.com\/gsi\/client[^;]*https:\/\/appleid\.cdn-apple\.com/);
    expect(csp).not.toContain('js.stripe.com');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });
});
