import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Deps } from '../../deps.ts';
import { clientIp } from '../auth/auth.limits.ts';
import { getBrand } from '../brand/brand.service.ts';
import { escapeHtml } from '../email/render/escape.ts';
import { isPrefetchOpen, recordClick, recordOpen, rowOfToken, unsubscribe, type TrackedRow } from './tracking.ts';
import { trackingKeys } from './tracking-keys.ts';

// The smallest transparent GIF.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const NO_STORE = { 'Cache-Control': 'no-store, max-age=0' };

async function page(deps: Deps, row: TrackedRow | null, body: (brand: { name: string; theme: string }) => string, status: 200 | 400 | 404 = 200) {
  const brand = row ? await getBrand(deps.db, row.send.user_id) : null;
  const name = brand?.brandName || 'this restaurant';
  const theme = /^#[0-9A-Fa-f]{6}$/.test(brand?.theme ?? '') ? brand!.theme : '#FF3434';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(name)}</title>
<style>body{margin:0;font-family:Helvetica,Arial,sans-serif;background:#F4F1EC;color:#1F1A17}main{max-width:440px;margin:0 auto;padding:32px 20px}
.card{background:#fff;border-radius:16px;padding:28px 24px;border-top:6px solid ${theme}}h1{font-size:24px;margin:0 0 12px}p{font-size:17px;line-height:1.5;margin:0 0 20px}
button{width:100%;min-height:52px;border:0;border-radius:12px;background:${theme};color:#fff;font-size:18px;font-weight:700;cursor:pointer}</style></head>
<body><main><div class="card">${body({ name: escapeHtml(name), theme })}</div></main></body></html>`;
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', ...NO_STORE } });
}

/**
 * Links inside campaign emails, at the root of the site (no session, no same-origin check: mail providers post
 * the one-click unsubscribe from their own servers with a form body). Every token is HMAC-signed.
 *  GET  /u/{token}      a confirmation page in the restaurant's colours; it does not unsubscribe by itself
 *  POST /u/{token}      unsubscribe (the page's button, or RFC 8058 one-click): 200, no redirect
 *  GET  /t/o/{token}.gif  the open pixel
 *  GET  /t/c/{token}?u=&s=  a click: the target must carry its signature (no open redirect)
 */
export function trackingRoutes(deps: Deps) {
  const keys = trackingKeys(deps.env);
  const find = (token: string) => rowOfToken(deps, keys, token);
  const missing = () => page(deps, null, () => '<h1>This link has expired</h1><p>It may have been copied incompletely. Open the latest email and try again.</p>', 404);
  return {
    '/u': new Hono()
      .get('/:token', async (c) => {
        const row = await find(c.req.param('token'));
        if (!row) return missing();
        return page(deps, row, (brand) => `<h1>Unsubscribe from ${brand.name}?</h1><p>You will get no more ${row.send.channel === 'email' ? 'emails' : 'texts'} from ${brand.name} at ${escapeHtml(row.toAddress)}.</p><form method="post"><button type="submit">Unsubscribe</button></form>`);
      })
      .post('/:token', bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.text('Too large', 413) }), async (c) => {
        const row = await find(c.req.param('token'));
        if (!row) return missing();
        const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
        const oneClick = form['List-Unsubscribe'] === 'One-Click';
        await unsubscribe(deps, row, oneClick ? 'one-click unsubscribe in the mail app' : 'unsubscribe link');
        return page(deps, row, (brand) => `<h1>You are unsubscribed</h1><p>${brand.name} will not email ${escapeHtml(row.toAddress)} again. Changed your mind? Tell them next time you visit.</p>`);
      }),
    '/t': new Hono()
      .get('/o/:file', async (c) => {
        const token = c.req.param('file').replace(/\.gif$/, '');
        const row = await find(token);
        if (row) await recordOpen(deps, row, isPrefetchOpen(c.req.header('user-agent'), clientIp(c, deps.env))).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not record an open'));
        return c.body(new Uint8Array(PIXEL), 200, { 'Content-Type': 'image/gif', 'Content-Length': String(PIXEL.length), ...NO_STORE });
      })
      .get('/c/:token', async (c) => {
        const token = c.req.param('token');
        const target = c.req.query('u') ?? '';
        const signature = c.req.query('s') ?? '';
        const row = await find(token);
        if (!row || !/^https?:\/\//i.test(target) || !keys.checkTarget(token, target, signature)) {
          return page(deps, row, () => '<h1>This link does not work</h1><p>It may have been changed or copied incompletely. Open the email again and tap the link there.</p>', 400);
        }
        await recordClick(deps, row, target).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not record a click'));
        return c.redirect(target, 302);
      }),
  };
}
