import * as v from 'valibot';
import { ErrorResponseSchema } from '../contract/common.ts';
import { sessionStore } from './session.ts';

/** A failed call: `message` is the server's `error` text when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fromServer: boolean;

  constructor(status: number, message: string, code?: string, fromServer = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fromServer = fromServer;
  }
}

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
    throw new ApiError(0, 'You appear to be offline. Check your connection and try again.', 'network');
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = v.safeParse(ErrorResponseSchema, payload);
    if (response.status === 401 && token) sessionStore.set(null);
    if (parsed.success) throw new ApiError(response.status, parsed.output.error, parsed.output.code, true);
    throw new ApiError(response.status, 'Something went wrong');
  }
  const parsed = v.safeParse(schema, payload);
  if (!parsed.success) throw new ApiError(response.status, 'The server sent an answer this app does not understand', 'contract');
  return parsed.output;
}
