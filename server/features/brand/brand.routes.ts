import { Hono } from 'hono';
import { SaveBrandRequestSchema } from '../../../src/contract/brand.ts';
import type { Deps } from '../../deps.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import { requireSession } from '../../middleware/session.ts';
import { processBrandImage, processHeaderImage, storeBrandFile } from './brand-images.ts';
import { getBrand, headerInfo, saveBrand, setHeaderImage } from './brand.service.ts';
import { idempotency } from '../../middleware/idempotency.ts';

/** Another owner's id looks like one that does not exist. */
function assertOwn(callerId: string, userId: string) {
  if (callerId !== userId) throw notFound('No such user');
}

/** /api/v1/users/settings/{userId}: the restaurant content (spec §7 Settings). */
export const brandSettingsRoutes = (deps: Deps) =>
  new Hono()
    .use('*', requireSession(deps))
    // A phone's retry of a write (same Idempotency-Key) gets the first answer again.
    .use('*', idempotency(deps))
    .get('/:userId', async (c) => {
      const user = c.get('user');
      assertOwn(user.id, c.req.param('userId'));
      return c.json(await getBrand(deps.db, user.id));
    })
    .post('/:userId', validate('json', SaveBrandRequestSchema), async (c) => {
      const user = c.get('user');
      assertOwn(user.id, c.req.param('userId'));
      const brand = await saveBrand(deps.db, user.id, c.req.valid('json'), deps.now());
      return c.json({ message: 'Brand saved', brand });
    });

async function fileField(body: Record<string, unknown>, field: string, what: string): Promise<File> {
  const value = body[field];
  if (!(value instanceof File) || value.size === 0) throw fieldError(field, `Choose ${what} to upload`);
  return value;
}

async function multipart(c: { req: { header: (name: string) => string | undefined; parseBody: () => Promise<Record<string, unknown>> } }) {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
    throw new AppError(415, 'Send the image as a form upload (multipart/form-data)', 'unsupported_media_type');
  }
  return c.req.parseBody();
}

/** /api/v1/brand: brand image uploads and the email header (spec §7 Settings). */
export const brandRoutes = (deps: Deps) =>
  new Hono()
    .use('*', requireSession(deps))
    // A phone's retry of a write (same Idempotency-Key) gets the first answer again.
    .use('*', idempotency(deps))
    .post('/image', async (c) => {
      const user = c.get('user');
      await enforceRateLimit(deps, `brand:upload:${user.id}`, 30, 15 * 60);
      const file = await fileField(await multipart(c), 'image', 'an image');
      return c.json({ url: await storeBrandFile(deps.storage, await processBrandImage(file)) });
    })
    .get('/email-header', async (c) => c.json(await headerInfo(deps.db, c.get('user').id)))
    .post('/email-header', async (c) => {
      const user = c.get('user');
      await enforceRateLimit(deps, `brand:upload:${user.id}`, 30, 15 * 60);
      const file = await fileField(await multipart(c), 'logo', 'a header image');
      const url = await storeBrandFile(deps.storage, await processHeaderImage(file));
      return c.json({ message: 'Header uploaded successfully!', ...(await setHeaderImage(deps.db, user.id, url, deps.now())) });
    });
