import { PosApiError, posRequest, type PosHttpOptions } from './pos-http.ts';

/** Square's API version we speak (integrations.md §1: SDK 44.1.0 pins it). */
const SQUARE_VERSION = '2026-05-20';
/** CUSTOMERS_READ and ORDERS_READ for the import; MERCHANT_PROFILE_READ for /v2/locations. */
const SQUARE_SCOPES = ['CUSTOMERS_READ', 'ORDERS_READ', 'PAYMENTS_READ', 'MERCHANT_PROFILE_READ'];

export type SquareTokens = { accessToken: string; refreshToken: string | null; expiresAt: Date | null; merchantId: string };
export type SquareCustomer = {
  id: string;
  created_at?: string;
  given_name?: string;
  family_name?: string;
  email_address?: string;
  phone_number?: string;
  birthday?: string;
  note?: string;
  preferences?: { email_unsubscribed?: boolean };
};
export type SquareOrder = {
  id: string;
  location_id?: string;
  customer_id?: string;
  state?: string;
  created_at?: string;
  closed_at?: string;
  total_money?: { amount?: number };
  net_amounts?: { total_money?: { amount?: number } };
  tenders?: Array<{ customer_id?: string }>;
};

export type SquareClient = ReturnType<typeof createSquareClient>;

const readSquareError = (status: number, body: unknown) => {
  const first = (body as { errors?: Array<{ code?: string; detail?: string; category?: string }> }).errors?.[0];
  return new PosApiError(status, first?.code ?? `http_${status}`, first?.detail ?? first?.code ?? `Square answered ${status}`);
};

/** Square's REST API over fetch, pointed at any base URL (production, sandbox or tests/fakes/square.ts). */
export function createSquareClient(config: { baseUrl: string; clientId: string; clientSecret: string; http?: PosHttpOptions }) {
  const base = config.baseUrl.replace(/\/+$/, '');
  const call = <T>(path: string, init: RequestInit & { token?: string }, http?: PosHttpOptions) => {
    const headers: Record<string, string> = { 'Square-Version': SQUARE_VERSION, Accept: 'application/json', ...(init.headers as Record<string, string>) };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.body) headers['Content-Type'] = 'application/json';
    return posRequest<T>(`${base}${path}`, { ...init, headers }, readSquareError, { ...config.http, ...http });
  };
  const toTokens = (body: { access_token?: string; refresh_token?: string; expires_at?: string; merchant_id?: string }): SquareTokens => {
    if (!body.access_token || !body.merchant_id) throw new PosApiError(502, 'invalid_response', 'Square sent an incomplete token answer');
    return { accessToken: body.access_token, refreshToken: body.refresh_token ?? null, expiresAt: body.expires_at ? new Date(body.expires_at) : null, merchantId: body.merchant_id };
  };

  return {
    authorizeUrl(state: string, redirectUri: string) {
      const query = new URLSearchParams({ client_id: config.clientId, scope: SQUARE_SCOPES.join(' '), session: 'false', state, redirect_uri: redirectUri });
      return `${base}/oauth2/authorize?${query.toString()}`;
    },
    async exchangeCode(code: string, redirectUri: string) {
      const body = JSON.stringify({ client_id: config.clientId, client_secret: config.clientSecret, grant_type: 'authorization_code', code, redirect_uri: redirectUri });
      return toTokens(await call('/oauth2/token', { method: 'POST', body }));
    },
    async refresh(refreshToken: string) {
      const body = JSON.stringify({ client_id: config.clientId, client_secret: config.clientSecret, grant_type: 'refresh_token', refresh_token: refreshToken });
      return toTokens(await call('/oauth2/token', { method: 'POST', body }));
    },
    async revoke(accessToken: string) {
      await call('/oauth2/revoke', {
        method: 'POST',
        headers: { Authorization: `Client ${config.clientSecret}` },
        body: JSON.stringify({ client_id: config.clientId, access_token: accessToken }),
      });
    },
    listCustomers(token: string, cursor: string | null, signal?: AbortSignal) {
      const query = new URLSearchParams({ limit: '100', sort_field: 'CREATED_AT', sort_order: 'ASC', count: 'true' });
      if (cursor) query.set('cursor', cursor);
      return call<{ customers?: SquareCustomer[]; cursor?: string; count?: number }>(`/v2/customers?${query.toString()}`, { method: 'GET', token }, { signal });
    },
    listLocations(token: string, signal?: AbortSignal) {
      return call<{ locations?: Array<{ id: string; name?: string }> }>('/v2/locations', { method: 'GET', token }, { signal });
    },
    /** COMPLETED orders of one location closed in [startAt, endAt); a cursor is re-sent with the same query. */
    searchOrders(token: string, input: { locationId: string; startAt: Date; endAt: Date; cursor: string | null }, signal?: AbortSignal) {
      const body = {
        location_ids: [input.locationId],
        limit: 500,
        ...(input.cursor ? { cursor: input.cursor } : {}),
        query: {
          filter: { state_filter: { states: ['COMPLETED'] }, date_time_filter: { closed_at: { start_at: input.startAt.toISOString(), end_at: input.endAt.toISOString() } } },
          sort: { sort_field: 'CLOSED_AT', sort_order: 'ASC' },
        },
      };
      return call<{ orders?: SquareOrder[]; cursor?: string }>('/v2/orders/search', { method: 'POST', token, body: JSON.stringify(body) }, { signal });
    },
  };
}
