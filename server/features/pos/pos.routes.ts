import { Hono } from 'hono';
import { FinishConnectionRequestSchema, PosAccountQuerySchema, providerOfSystem } from '../../../src/contract/pos.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import { requireSession, type SessionVariables } from '../../middleware/session.ts';
import { finishClover, finishSquare, posLoginUrl } from './pos-oauth.ts';
import { disconnectPos, isPosProvider, posAccount, posConnection, posProgress, syncPos } from './pos.service.ts';
import { idempotency } from '../../middleware/idempotency.ts';

type Env = { Variables: SessionVariables };
const originOf = (url: string) => new URL(url).origin;

/** /api/v1/square/* (spec §7: authorize, finish connection). */
export const squareRoutes = (deps: Deps) =>
  new Hono<Env>()
    .use(requireSession(deps))
    // A phone's retry of a write (same Idempotency-Key) gets the first answer again.
    .use(idempotency(deps))
    .get('/authorize', async (c) => c.json({ data: await posLoginUrl(deps, c.get('user').id, 'square', originOf(c.req.url)) }))
    .post('/connect', validate('json', FinishConnectionRequestSchema), async (c) =>
      c.json(await finishSquare(deps, c.get('user').id, c.req.valid('json').redirect_url, originOf(c.req.url))),
    );

/** /api/v1/clover/* (spec §7: get-login-url, connect). */
export const cloverRoutes = (deps: Deps) =>
  new Hono<Env>()
    .use(requireSession(deps))
    // A phone's retry of a write (same Idempotency-Key) gets the first answer again.
    .use(idempotency(deps))
    .get('/get-login-url', async (c) => c.json({ data: await posLoginUrl(deps, c.get('user').id, 'clover', originOf(c.req.url)) }))
    .post('/connect', validate('json', FinishConnectionRequestSchema), async (c) => c.json(await finishClover(deps, c.get('user').id, c.req.valid('json').redirect_url)));

/** /api/v1/disconnect/{square|clover}: no body (spec §7). */
export const disconnectRoutes = (deps: Deps) =>
  new Hono<Env>().use(requireSession(deps)).use(idempotency(deps)).post('/:provider', async (c) => {
    const provider = c.req.param('provider');
    if (!isPosProvider(provider)) throw notFound('No such point of sale');
    return c.json(await disconnectPos(deps, c.get('user').id, provider));
  });

/** /api/v1/pos/*: which POS is linked, the account id, import progress, and a re-run. */
export const posRoutes = (deps: Deps) =>
  new Hono<Env>()
    .use(requireSession(deps))
    // A phone's retry of a write (same Idempotency-Key) gets the first answer again.
    .use(idempotency(deps))
    .get('/connection', async (c) => c.json(await posConnection(deps, c.get('user').id)))
    .get('/account', validate('query', PosAccountQuerySchema), async (c) => c.json(await posAccount(deps, c.get('user').id, providerOfSystem(c.req.valid('query').pos_system))))
    .get('/progress/:id', async (c) => c.json(await posProgress(deps, c.get('user').id, c.req.param('id'))))
    .post('/sync', async (c) => c.json(await syncPos(deps, c.get('user').id)));
