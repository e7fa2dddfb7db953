// A local stand-in for the parts of Stripe's API that Mise uses (integrations.md §6): customers,
// SetupIntents, payment methods and subscriptions. The official SDK talks to it via host/port/protocol.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Obj = Record<string, unknown>;

/** Test payment methods, as in Stripe's test mode. */
const TEST_PAYMENT_METHODS: Record<string, { brand: string; last4: string; declinesCharges?: boolean }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0341', declinesCharges: true },
};

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/** `items[0][price]=x&expand[0]=y` → `{ items: [{ price: 'x' }], expand: ['y'] }` */
export function parseStripeForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Obj = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Obj;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Obj).map(([k, v]) => [k, arrays(v)] as const);
    return entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k)) ? entries.map(([, v]) => v) : Object.fromEntries(entries);
  };
  return arrays(root) as Obj;
}

export type FakeStripe = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  customers: Map<string, Obj>;
  setupIntents: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  paymentMethods: Map<string, Obj>;
  requests: Array<{ method: string; path: string; body: Obj }>;
  /** What Stripe.js does in the browser: confirm a SetupIntent with a test payment method. */
  confirmSetupIntent: (setupIntentId: string, paymentMethod: keyof typeof TEST_PAYMENT_METHODS) => Obj;
  /** A signed webhook delivery, as Stripe would POST it. */
  signedEvent: (type: string, object: Obj, options?: { id?: string; secret?: string; timestamp?: number }) => { body: string; signature: string };
  close: () => Promise<void>;
};

export async function startFakeStripe(options: { port?: number; secretKey?: string; webhookSecret?: string } = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake_secret';
  const customers = new Map<string, Obj>();
  const setupIntents = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj>();
  const requests: FakeStripe['requests'] = [];
  const signer = new Stripe(secretKey);

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
    res.end(JSON.stringify(body));
  };
  const fail = (res: http.ServerResponse, status: number, type: string, message: string, extra: Obj = {}) => send(res, status, { error: { type, message, ...extra } });
  const missing = (res: http.ServerResponse, what: string, key: string) =>
    fail(res, 404, 'invalid_request_error', `No such ${what}: '${key}'`, { code: 'resource_missing', param: 'id' });

  function paymentMethod(pmId: string, customer: string): Obj {
    const known = TEST_PAYMENT_METHODS[pmId];
    const pm = {
      id: known ? id('pm') : pmId,
      object: 'payment_method',
      type: 'card',
      customer,
      card: { brand: known?.brand ?? 'visa', last4: known?.last4 ?? '4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 },
      billing_details: { name: 'Rosa Martinez' },
      metadata: { declinesCharges: known?.declinesCharges ? 'true' : 'false' },
    };
    paymentMethods.set(pm.id, pm);
    return pm;
  }

  function subscriptionObject(customer: string, price: string, pm: string | null, metadata: Obj): Obj {
    const start = Math.floor(Date.now() / 1000);
    const end = Math.floor(new Date(new Date().setUTCMonth(new Date().getUTCMonth() + 1)).getTime() / 1000);
    return {
      id: id('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      default_payment_method: pm,
      metadata,
      items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', price: { id: price, object: 'price' }, current_period_start: start, current_period_end: end }] },
    };
  }

  const declines = (pmId: unknown) => (paymentMethods.get(String(pmId))?.metadata as Obj | undefined)?.declinesCharges === 'true';
  const cardDeclined = (res: http.ServerResponse) =>
    fail(res, 402, 'card_error', 'Your card was declined.', { code: 'card_declined', decline_code: 'generic_decline' });

  function withExpand(object: Obj, expand: unknown): Obj {
    const fields = Array.isArray(expand) ? expand : [];
    if (fields.includes('payment_method') && typeof object.payment_method === 'string') return { ...object, payment_method: paymentMethods.get(object.payment_method) };
    return object;
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = req.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, body });
    if (req.headers.authorization !== `Bearer ${secretKey}`) return fail(res, 401, 'invalid_request_error', 'Invalid API Key provided');
    const parts = url.pathname.split('/').filter(Boolean); // ['v1', resource, id?, action?]
    const [, resource, key, action] = parts;

    if (resource === 'customers') {
      if (req.method === 'POST' && !key) {
        const customer = { id: id('cus'), object: 'customer', email: body.email, name: body.name, metadata: body.metadata ?? {}, invoice_settings: { default_payment_method: null } };
        customers.set(customer.id, customer);
        return send(res, 200, customer);
      }
      const customer = customers.get(key ?? '');
      if (!customer) return missing(res, 'customer', key ?? '');
      if (req.method === 'POST') Object.assign(customer, { invoice_settings: { ...(customer.invoice_settings as Obj), ...(body.invoice_settings as Obj) } });
      return send(res, 200, customer);
    }

    if (resource === 'setup_intents') {
      if (req.method === 'POST' && !key) {
        if (!customers.has(String(body.customer))) return missing(res, 'customer', String(body.customer));
        const sid = id('seti');
        const intent = { id: sid, object: 'setup_intent', customer: body.customer, usage: body.usage, status: 'requires_payment_method', payment_method: null, client_secret: `${sid}_secret_${randomBytes(8).toString('hex')}` };
        setupIntents.set(sid, intent);
        return send(res, 200, intent);
      }
      const intent = setupIntents.get(key ?? '');
      if (!intent) return missing(res, 'setup_intent', key ?? '');
      if (req.method === 'POST' && action === 'confirm') return send(res, 200, confirmSetupIntent(intent.id as string, body.payment_method as string));
      return send(res, 200, withExpand(intent, body.expand));
    }

    if (resource === 'payment_methods') {
      const pm = paymentMethods.get(key ?? '');
      return pm ? send(res, 200, pm) : missing(res, 'payment_method', key ?? '');
    }

    if (resource === 'subscriptions') {
      if (req.method === 'POST' && !key) {
        const customer = String(body.customer);
        if (!customers.has(customer)) return missing(res, 'customer', customer);
        const items = body.items as Obj[] | undefined;
        const price = String(items?.[0]?.price ?? '');
        if (!price.startsWith('price_')) return fail(res, 400, 'invalid_request_error', `No such price: '${price}'`, { param: 'items[0][price]' });
        const pm = (body.default_payment_method as string | undefined) ?? null;
        if (declines(pm)) return cardDeclined(res);
        const subscription = subscriptionObject(customer, price, pm, (body.metadata as Obj) ?? {});
        subscriptions.set(subscription.id as string, subscription);
        return send(res, 200, subscription);
      }
      const subscription = subscriptions.get(key ?? '');
      if (!subscription) return missing(res, 'subscription', key ?? '');
      if (req.method === 'POST') {
        const item = ((subscription.items as Obj).data as Obj[])[0]!;
        const change = (body.items as Obj[] | undefined)?.[0];
        const pm = (body.default_payment_method as string | undefined) ?? (subscription.default_payment_method as string | null);
        if (change?.price && declines(pm)) return cardDeclined(res);
        if (change?.id && change.id !== item.id) return fail(res, 400, 'invalid_request_error', 'No such subscription item', { param: 'items[0][id]' });
        if (change?.price) item.price = { id: change.price, object: 'price' };
        if (body.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
        subscription.default_payment_method = pm;
      }
      return send(res, 200, subscription);
    }
    fail(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname})`);
  });

  function confirmSetupIntent(setupIntentId: string, pmName: string): Obj {
    const intent = setupIntents.get(setupIntentId);
    if (!intent) throw new Error(`no SetupIntent ${setupIntentId}`);
    const pm = paymentMethod(pmName, intent.customer as string);
    Object.assign(intent, { status: 'succeeded', payment_method: pm.id });
    return intent;
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secretKey,
    webhookSecret,
    customers,
    setupIntents,
    subscriptions,
    paymentMethods,
    requests,
    confirmSetupIntent,
    signedEvent(type, object, opts = {}) {
      const body = JSON.stringify({ id: opts.id ?? id('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object }, livemode: false, api_version: '2026-10-28.endive' });
      const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret: opts.secret ?? webhookSecret, timestamp: opts.timestamp });
      return { body, signature };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
