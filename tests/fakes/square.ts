// A local stand-in for Square's OAuth and the Customers, Locations and Orders APIs (integrations.md §1),
// for tests and e2e. Run alone: `node --import tsx tests/fakes/square.ts 4120`.
import { createHash, randomBytes } from 'node:crypto';
import type http from 'node:http';
import { fakeControls, listenFake, readJsonBody as readBody, sendJson as json, type FakeControls, type FakePosOptions } from './fake-http.ts';
import { fakeMerchantData, type FakeCustomer, type FakeOrder } from './pos-data.ts';

/** `accessTtl` defaults to Square's 30 days. */
export type FakeSquareOptions = FakePosOptions & {
  locations?: number;
  /** answer the authorize page with error=access_denied */
  deny?: boolean;
  /** milliseconds each data call takes (e2e: long enough to watch the progress bar) */
  latencyMs?: number;
};

type Grant = { accessToken: string; refreshToken: string; expiresAt: number; revoked: boolean };

type Call = { method: string; path: string; auth?: string; body?: unknown };

export type FakeSquare = FakeControls<Call> & {
  url: string;
  merchantId: string;
  customers: FakeCustomer[];
  orders: FakeOrder[];
  locations: string[];
  grants: Grant[];
  /** every access token lapses now (a refresh still works) */
  expireAccessTokens: () => void;
  close: () => Promise<void>;
};

const token = (prefix: string) => `${prefix}-${randomBytes(16).toString('base64url')}`;
const squareError = (category: string, code: string, detail: string) => ({ errors: [{ category, code, detail }] });

export async function startFakeSquare(input: FakeSquareOptions = {}): Promise<FakeSquare> {
  const clientId = input.clientId ?? 'sq0idp-fake';
  const clientSecret = input.clientSecret ?? 'sq0csp-fake-secret';
  const accessTtl = input.accessTtl ?? 30 * 86_400;
  const data = fakeMerchantData({ customers: input.customers ?? 250, ordersPerCustomer: input.ordersPerCustomer ?? 4, locations: input.locations ?? 2, seed: 7 });
  const merchantId = 'MLFAKESQUARE1';
  const codes = new Map<string, { redirectUri: string | null; used: boolean }>();
  const grants: Grant[] = [];
  const { controls, record, takeRateLimit } = fakeControls<Call>();
  const issue = (): Grant => {
    const grant = { accessToken: token('EAAA'), refreshToken: token('EQAA'), expiresAt: Date.now() + accessTtl * 1000, revoked: false };
    grants.push(grant);
    return grant;
  };
  const tokenBody = (grant: Grant) => ({
    access_token: grant.accessToken,
    token_type: 'bearer',
    expires_at: new Date(grant.expiresAt).toISOString(),
    merchant_id: merchantId,
    refresh_token: grant.refreshToken,
    short_lived: false,
  });
  const authorized = (req: http.IncomingMessage) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    return grants.find((grant) => grant.accessToken === bearer && !grant.revoked && grant.expiresAt > Date.now());
  };
  // Cursors are opaque to clients; this one carries the offset and a digest of the query it belongs to.
  const cursorFor = (offset: number, query: unknown) => Buffer.from(JSON.stringify({ offset, q: digest(query) })).toString('base64url');
  const digest = (query: unknown) => createHash('sha256').update(JSON.stringify(query)).digest('hex').slice(0, 16);
  const readCursor = (cursor: unknown, query: unknown): number | null => {
    if (typeof cursor !== 'string' || !cursor) return 0;
    try {
      const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { offset: number; q: string };
      return parsed.q === digest(query) ? parsed.offset : null;
    } catch {
      return null;
    }
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    record({ method: req.method ?? 'GET', path: url.pathname + url.search, auth: req.headers.authorization, body }, url.pathname);

    if (url.pathname === '/oauth2/authorize') {
      // The seller "approves" at once and is sent back to the app, as Square does after the permissions page.
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? 'http://localhost/square_callback');
      if (url.searchParams.get('client_id') !== clientId) return json(res, 400, squareError('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Unknown client_id'));
      if (input.deny) {
        redirect.searchParams.set('error', 'access_denied');
        redirect.searchParams.set('error_description', 'user_denied');
      } else {
        const code = token('sq0cgp');
        codes.set(code, { redirectUri: url.searchParams.get('redirect_uri'), used: false });
        redirect.searchParams.set('code', code);
        redirect.searchParams.set('response_type', 'code');
      }
      redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { Location: redirect.toString() });
      return res.end();
    }
    if (url.pathname === '/oauth2/token' && req.method === 'POST') {
      const form = body as Record<string, string>;
      if (form.client_id !== clientId || form.client_secret !== clientSecret) return json(res, 401, squareError('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'Bad client credentials'));
      if (form.grant_type === 'authorization_code') {
        const entry = codes.get(form.code ?? '');
        if (!entry || entry.used || (entry.redirectUri && form.redirect_uri !== entry.redirectUri)) {
          return json(res, 401, squareError('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'Authorization code is invalid or used'));
        }
        entry.used = true;
        return json(res, 200, tokenBody(issue()));
      }
      if (form.grant_type === 'refresh_token') {
        const grant = grants.find((g) => g.refreshToken === form.refresh_token && !g.revoked);
        if (!grant) return json(res, 401, squareError('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'Refresh token is invalid'));
        // Code flow: the same refresh token comes back with a new access token.
        grant.accessToken = token('EAAA');
        grant.expiresAt = Date.now() + accessTtl * 1000;
        return json(res, 200, tokenBody(grant));
      }
      return json(res, 400, squareError('INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'Unsupported grant_type'));
    }
    if (url.pathname === '/oauth2/revoke' && req.method === 'POST') {
      if (req.headers.authorization !== `Client ${clientSecret}`) return json(res, 401, squareError('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'Bad client secret'));
      const form = body as Record<string, string>;
      for (const grant of grants) if (grant.accessToken === form.access_token || form.merchant_id === merchantId) grant.revoked = true;
      return json(res, 200, { success: true });
    }

    if (input.latencyMs) await new Promise((resolve) => setTimeout(resolve, input.latencyMs));
    const retryAfter = takeRateLimit();
    if (retryAfter !== null) {
      return json(res, 429, squareError('RATE_LIMIT_ERROR', 'RATE_LIMITED', 'This request was rate limited. Please retry later.'), { 'Retry-After': String(retryAfter) });
    }
    if (!authorized(req)) return json(res, 401, squareError('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.'));

    if (url.pathname === '/v2/locations') return json(res, 200, { locations: data.locations.map((id) => ({ id, name: `Location ${id}`, status: 'ACTIVE' })) });
    if (url.pathname === '/v2/customers' && req.method === 'GET') {
      const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 100)));
      const query = { sort: url.searchParams.get('sort_field'), order: url.searchParams.get('sort_order') };
      const offset = readCursor(url.searchParams.get('cursor'), query);
      if (offset === null) return json(res, 400, squareError('INVALID_REQUEST_ERROR', 'INVALID_CURSOR', 'The cursor is not valid for this query'));
      const page = data.customers.slice(offset, offset + limit).map(toSquareCustomer);
      const next = offset + limit < data.customers.length ? cursorFor(offset + limit, query) : undefined;
      return json(res, 200, { customers: page, ...(next ? { cursor: next } : {}), ...(url.searchParams.get('count') === 'true' ? { count: data.customers.length } : {}) });
    }
    if (url.pathname === '/v2/orders/search' && req.method === 'POST') {
      const search = body as { location_ids?: string[]; cursor?: string; limit?: number; query?: { filter?: Record<string, unknown>; sort?: { sort_field?: string } } };
      const locationIds = search.location_ids ?? [];
      if (locationIds.length < 1 || locationIds.length > 10) return json(res, 400, squareError('INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'location_ids must have 1 to 10 ids'));
      const filter = search.query?.filter ?? {};
      const window = (filter.date_time_filter as { closed_at?: { start_at: string; end_at: string } } | undefined)?.closed_at;
      if (window && search.query?.sort?.sort_field !== 'CLOSED_AT') return json(res, 400, squareError('INVALID_REQUEST_ERROR', 'INVALID_SORT_ORDER', 'sort_field must match the date_time_filter field'));
      const { cursor: _cursor, ...rest } = search;
      const offset = readCursor(search.cursor, rest);
      if (offset === null) return json(res, 400, squareError('INVALID_REQUEST_ERROR', 'INVALID_CURSOR', 'A cursor must be sent with its original query'));
      const states = (filter.state_filter as { states?: string[] } | undefined)?.states;
      const matching = data.orders
        .filter((order) => locationIds.includes(order.locationId))
        .filter((order) => !states || states.includes(order.state))
        .filter((order) => !window || (order.closedAt >= Date.parse(window.start_at) && order.closedAt < Date.parse(window.end_at)))
        .sort((a, b) => a.closedAt - b.closedAt || a.id.localeCompare(b.id));
      const limit = Math.min(1000, search.limit ?? 500);
      const page = matching.slice(offset, offset + limit).map(toSquareOrder);
      const next = offset + limit < matching.length ? cursorFor(offset + limit, rest) : undefined;
      return json(res, 200, { orders: page, ...(next ? { cursor: next } : {}) });
    }
    return json(res, 404, squareError('INVALID_REQUEST_ERROR', 'NOT_FOUND', `No route ${req.method} ${url.pathname}`));
  }

  const server = await listenFake(handle, (res, error) => json(res, 500, squareError('API_ERROR', 'INTERNAL_SERVER_ERROR', String(error))), input.port);
  return {
    ...controls,
    ...server,
    merchantId,
    customers: data.customers,
    orders: data.orders,
    locations: data.locations,
    grants,
    expireAccessTokens: () => {
      for (const grant of grants) grant.expiresAt = Date.now() - 1000;
    },
  };
}

function toSquareCustomer(customer: FakeCustomer) {
  return {
    id: customer.id,
    created_at: new Date(customer.createdAt).toISOString(),
    updated_at: new Date(customer.createdAt).toISOString(),
    given_name: customer.givenName,
    family_name: customer.familyName,
    ...(customer.email ? { email_address: customer.email } : {}),
    ...(customer.phone ? { phone_number: customer.phone } : {}),
    ...(customer.birthday ? { birthday: `${customer.birthday.year ?? '0000'}-${String(customer.birthday.month).padStart(2, '0')}-${String(customer.birthday.day).padStart(2, '0')}` } : {}),
    preferences: { email_unsubscribed: !customer.marketing },
    creation_source: 'DIRECTORY',
    version: 1,
  };
}

function toSquareOrder(order: FakeOrder) {
  const money = { amount: order.totalCents, currency: 'USD' };
  return {
    id: order.id,
    location_id: order.locationId,
    // Some orders carry the buyer only on the tender (integrations.md: customer_filter matches both).
    ...(order.customerId && !order.customerOnTenderOnly ? { customer_id: order.customerId } : {}),
    state: order.state,
    created_at: new Date(order.closedAt - 60_000).toISOString(),
    closed_at: new Date(order.closedAt).toISOString(),
    total_money: money,
    net_amounts: { total_money: money, tax_money: { amount: 0, currency: 'USD' } },
    tenders: [{ id: `T-${order.id}`, amount_money: money, ...(order.customerId ? { customer_id: order.customerId } : {}) }],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Run by hand (the README's "try it with no Square account"): it takes the app credentials the README gives Mise.
  const fake = await startFakeSquare({ port: Number(process.argv[2] ?? 4120), clientId: 'fake', clientSecret: 'fake' });
  console.log(`fake Square on ${fake.url} (start Mise with SQUARE_CLIENT_ID=fake SQUARE_CLIENT_SECRET=fake SQUARE_BASE_URL=${fake.url})`);
}
