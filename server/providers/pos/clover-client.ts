import { PosApiError, posRequest, type PosHttpOptions } from './pos-http.ts';

export type CloverTokens = { accessToken: string; refreshToken: string | null; expiresAt: Date | null; refreshExpiresAt: Date | null };
export type CloverCustomer = {
  id: string;
  firstName?: string;
  lastName?: string;
  marketingAllowed?: boolean;
  customerSince?: number;
  emailAddresses?: { elements?: Array<{ emailAddress?: string; primaryEmail?: boolean }> };
  phoneNumbers?: { elements?: Array<{ phoneNumber?: string }> };
  metadata?: { dobYear?: number; dobMonth?: number; dobDay?: number; note?: string };
};
export type CloverOrder = {
  id: string;
  total?: number;
  paymentState?: string;
  state?: string;
  createdTime?: number;
  customers?: { elements?: Array<{ id: string }> };
};

export type CloverClient = ReturnType<typeof createCloverClient>;

const readCloverError = (status: number, body: unknown) => {
  const message = (body as { message?: string }).message;
  return new PosApiError(status, status === 401 ? 'UNAUTHORIZED' : status === 429 ? 'RATE_LIMITED' : `http_${status}`, message ?? `Clover answered ${status}`);
};

/** Clover's v2 OAuth (high-trust) and v3 REST API over fetch (there is no official Node SDK; integrations.md §2). */
export function createCloverClient(config: { authBaseUrl: string; apiBaseUrl: string; clientId: string; clientSecret: string; http?: PosHttpOptions }) {
  const authBase = config.authBaseUrl.replace(/\/+$/, '');
  const apiBase = config.apiBaseUrl.replace(/\/+$/, '');
  const call = <T>(path: string, init: RequestInit & { token?: string }, http?: PosHttpOptions) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.body) headers['Content-Type'] = 'application/json';
    return posRequest<T>(`${apiBase}${path}`, { ...init, headers }, readCloverError, { ...config.http, ...http });
  };
  const seconds = (value: unknown) => (typeof value === 'number' && value > 0 ? new Date(value * 1000) : null);
  const toTokens = (body: { access_token?: string; refresh_token?: string; access_token_expiration?: number; refresh_token_expiration?: number }): CloverTokens => {
    if (!body.access_token) throw new PosApiError(502, 'invalid_response', 'Clover sent an incomplete token answer');
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token ?? null,
      expiresAt: seconds(body.access_token_expiration),
      refreshExpiresAt: seconds(body.refresh_token_expiration),
    };
  };
  const merchantPath = (merchantId: string) => `/v3/merchants/${encodeURIComponent(merchantId)}`;

  return {
    /** Clover may not echo `state` (UNCONFIRMED); it is sent anyway and checked when it comes back. */
    authorizeUrl(state: string, redirectUri: string) {
      const query = new URLSearchParams({ client_id: config.clientId, redirect_uri: redirectUri, state });
      return `${authBase}/oauth/v2/authorize?${query.toString()}`;
    },
    async exchangeCode(code: string) {
      return toTokens(await call('/oauth/v2/token', { method: 'POST', body: JSON.stringify({ client_id: config.clientId, client_secret: config.clientSecret, code }) }));
    },
    async refresh(refreshToken: string) {
      return toTokens(await call('/oauth/v2/refresh', { method: 'POST', body: JSON.stringify({ client_id: config.clientId, refresh_token: refreshToken }) }));
    },
    merchant(token: string, merchantId: string) {
      return call<{ id: string; name?: string }>(merchantPath(merchantId), { method: 'GET', token });
    },
    listCustomers(token: string, merchantId: string, offset: number, limit: number, signal?: AbortSignal) {
      const query = new URLSearchParams({ expand: 'emailAddresses,phoneNumbers,metadata', limit: String(limit), offset: String(offset) });
      return call<{ elements?: CloverCustomer[] }>(`${merchantPath(merchantId)}/customers?${query.toString()}`, { method: 'GET', token }, { signal });
    },
    /** Orders created in [from, to) — Clover serves at most 90 days per query — with their customers expanded. */
    listOrders(token: string, merchantId: string, input: { from: Date; to: Date; offset: number; limit: number }, signal?: AbortSignal) {
      const query = new URLSearchParams({ expand: 'customers', limit: String(input.limit), offset: String(input.offset) });
      query.append('filter', `createdTime>=${input.from.getTime()}`);
      query.append('filter', `createdTime<${input.to.getTime()}`);
      return call<{ elements?: CloverOrder[] }>(`${merchantPath(merchantId)}/orders?${query.toString()}`, { method: 'GET', token }, { signal });
    },
  };
}
