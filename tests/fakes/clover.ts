// A local stand-in for Clover's v2 OAuth and the v3 customers and orders endpoints (integrations.md §2),
// for tests and e2e. Run alone: `node --import tsx tests/fakes/clover.ts 4130`.
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { fakeControls, listenFake, readJsonBody, sendJson as json, type FakeControls, type FakePosOptions } from './fake-http.ts';
import { fakeMerchantData, type FakeCustomer, type FakeOrder } from './pos-data.ts';

export type FakeCloverOptions = FakePosOptions & {
  /** Clover's echo of `state` is unconfirmed; this fake echoes it unless told not to. */
  echoState?: boolean;
};

type Grant = { accessToken: string; refreshToken: string; accessExpiresAt: number; refreshUsed: boolean; merchantId: string };

type Call = { method: string; path: string };

export type FakeClover = FakeControls<Call> & {
  url: string;
  merchantId: string;
  customers: FakeCustomer[];
  orders: FakeOrder[];
  grants: Grant[];
  expireAccessTokens: () => void;
  close: () => Promise<void>;
};

const DAY = 86_400_000;
const token = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

export async function startFakeClover(input: FakeCloverOptions = {}): Promise<FakeClover> {
  const clientId = input.clientId ?? 'CLOVERAPPFAKE';
  const clientSecret = input.clientSecret ?? 'clover-fake-secret';
  const accessTtl = input.accessTtl ?? 3600;
  const merchantId = 'MFAKECLOVER01';
  const data = fakeMerchantData({ customers: input.customers ?? 180, ordersPerCustomer: input.ordersPerCustomer ?? 3, locations: 1, seed: 11, idPrefix: 'CL' });
  const codes = new Map<string, { used: boolean }>();
  const grants: Grant[] = [];
  const { controls, record, takeRateLimit } = fakeControls<Call>();
  const readJson = async (req: http.IncomingMessage) => (await readJsonBody(req)) as Record<string, string | undefined>;
  const issue = (): Grant => {
    const grant = { accessToken: token('cat'), refreshToken: token('crt'), accessExpiresAt: Date.now() + accessTtl * 1000, refreshUsed: false, merchantId };
    grants.push(grant);
    return grant;
  };
  const tokenBody = (grant: Grant) => ({
    access_token: grant.accessToken,
    access_token_expiration: Math.floor(grant.accessExpiresAt / 1000),
    refresh_token: grant.refreshToken,
    refresh_token_expiration: Math.floor((Date.now() + 365 * DAY) / 1000),
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    record({ method: req.method ?? 'GET', path: url.pathname + url.search }, url.pathname);

    if (url.pathname === '/oauth/v2/authorize') {
      if (url.searchParams.get('client_id') !== clientId) return json(res, 400, { message: 'Unknown client_id' });
      const code = token('code');
      codes.set(code, { used: false });
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? 'http://localhost/clover_callback');
      redirect.searchParams.set('merchant_id', merchantId);
      redirect.searchParams.set('employee_id', 'EFAKE01');
      redirect.searchParams.set('client_id', clientId);
      redirect.searchParams.set('code', code);
      const state = url.searchParams.get('state');
      if (state && input.echoState !== false) redirect.searchParams.set('state', state);
      res.writeHead(302, { Location: redirect.toString() });
      return res.end();
    }
    if (url.pathname === '/oauth/v2/token' && req.method === 'POST') {
      const body = await readJson(req);
      if (body.client_id !== clientId || body.client_secret !== clientSecret) return json(res, 401, { message: 'Invalid client credentials' });
      const entry = codes.get(body.code ?? '');
      if (!entry || entry.used) return json(res, 400, { message: 'Invalid or used authorization code' });
      entry.used = true;
      return json(res, 200, tokenBody(issue()));
    }
    if (url.pathname === '/oauth/v2/refresh' && req.method === 'POST') {
      const body = await readJson(req);
      const grant = grants.find((g) => g.refreshToken === body.refresh_token);
      // Refresh tokens are single-use: a used one is refused.
      if (body.client_id !== clientId || !grant || grant.refreshUsed) return json(res, 401, { message: 'Invalid refresh token' });
      grant.refreshUsed = true;
      return json(res, 200, tokenBody(issue()));
    }

    const retryAfter = takeRateLimit();
    if (retryAfter !== null) return json(res, 429, { message: 'Too Many Requests' }, { 'Retry-After': String(retryAfter) });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = grants.find((g) => g.accessToken === bearer && g.accessExpiresAt > Date.now());
    const path = /^\/v3\/merchants\/([^/]+)(\/customers|\/orders)?$/.exec(url.pathname);
    if (!grant || !path || path[1] !== grant.merchantId) return json(res, 401, { message: '401 Unauthorized' });

    const limit = Math.min(1000, Math.max(1, Number(url.searchParams.get('limit') ?? 100)));
    const offset = Math.max(0, Number(url.searchParams.get('offset') ?? 0));
    if (!path[2]) return json(res, 200, { id: merchantId, name: 'Fake Clover Café' });
    if (path[2] === '/customers') {
      const expand = (url.searchParams.get('expand') ?? '').split(',');
      return json(res, 200, { elements: data.customers.slice(offset, offset + limit).map((customer) => toCloverCustomer(customer, expand)), href: url.pathname });
    }
    const filters = url.searchParams.getAll('filter');
    const from = Number(/^createdTime>=(\d+)$/.exec(filters.find((f) => f.startsWith('createdTime>=')) ?? '')?.[1] ?? 0);
    const to = Number(/^createdTime<(\d+)$/.exec(filters.find((f) => f.startsWith('createdTime<')) ?? '')?.[1] ?? Date.now());
    if (!from || to - from > 90 * DAY) return json(res, 400, { message: 'Orders can only be queried over a createdTime window of at most 90 days' });
    const expandCustomers = (url.searchParams.get('expand') ?? '').split(',').includes('customers');
    const matching = data.orders.filter((order) => order.closedAt >= from && order.closedAt < to).sort((a, b) => a.closedAt - b.closedAt || a.id.localeCompare(b.id));
    return json(res, 200, { elements: matching.slice(offset, offset + limit).map((order) => toCloverOrder(order, expandCustomers)) });
  }

  const server = await listenFake(handle, (res, error) => json(res, 500, { message: String(error) }), input.port);
  return {
    ...controls,
    ...server,
    merchantId,
    customers: data.customers,
    orders: data.orders,
    grants,
    expireAccessTokens: () => {
      for (const grant of grants) grant.accessExpiresAt = Date.now() - 1000;
    },
  };
}

function toCloverCustomer(customer: FakeCustomer, expand: string[]) {
  return {
    id: customer.id,
    firstName: customer.givenName,
    lastName: customer.familyName,
    marketingAllowed: customer.marketing,
    customerSince: customer.createdAt,
    ...(expand.includes('emailAddresses') ? { emailAddresses: { elements: customer.email ? [{ id: `E${customer.id}`, emailAddress: customer.email, primaryEmail: true }] : [] } } : {}),
    ...(expand.includes('phoneNumbers') ? { phoneNumbers: { elements: customer.phone ? [{ id: `P${customer.id}`, phoneNumber: customer.phone.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3') }] : [] } } : {}),
    ...(expand.includes('metadata') && customer.birthday ? { metadata: { dobMonth: customer.birthday.month, dobDay: customer.birthday.day, ...(customer.birthday.year ? { dobYear: customer.birthday.year } : {}) } } : {}),
  };
}

function toCloverOrder(order: FakeOrder, expandCustomers: boolean) {
  return {
    id: order.id,
    currency: 'USD',
    total: order.totalCents,
    // Our COMPLETED is Clover's PAID; OPEN stays open, CANCELED is refunded here.
    paymentState: order.state === 'COMPLETED' ? 'PAID' : order.state === 'OPEN' ? 'OPEN' : 'REFUNDED',
    state: order.state === 'OPEN' ? 'open' : 'locked',
    createdTime: order.closedAt,
    modifiedTime: order.closedAt,
    ...(expandCustomers ? { customers: { elements: order.customerId ? [{ id: order.customerId }] : [] } } : {}),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Run by hand (the README's recipe): it takes the app credentials the README gives Mise.
  const fake = await startFakeClover({ port: Number(process.argv[2] ?? 4130), clientId: 'fake', clientSecret: 'fake' });
  console.log(
    `fake Clover on ${fake.url} (start Mise with CLOVER_CLIENT_ID=fake CLOVER_CLIENT_SECRET=fake CLOVER_AUTH_BASE_URL=${fake.url} CLOVER_API_BASE_URL=${fake.url})`,
  );
}
