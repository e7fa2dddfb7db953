import * as v from 'valibot';
import { ApiError, apiErrorFrom, OFFLINE_MESSAGE } from './api-error.ts';
import { sessionStore } from './session.ts';

export { ApiError } from './api-error.ts';

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** Calls our API with the session's bearer token and parses the reply with the contract schema. */
export async function api<S extends v.GenericSchema>(path: string, schema: S, options: RequestOptions = {}): Promise<v.InferOutput<S>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = sessionStore.get()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }

  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, OFFLINE_MESSAGE, 'network');
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (response.status === 401 && token) sessionStore.set(null);
    throw apiErrorFrom(response.status, payload);
  }
  const parsed = v.safeParse(schema, payload);
  if (!parsed.success) throw new ApiError(response.status, 'The server sent an answer this app does not understand', 'contract');
  return parsed.output;
}
