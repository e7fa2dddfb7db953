// What the point-of-sale fakes share: JSON answers, body reading, the controls tests use to steer them
// (a call log, a listener per call, 429s on demand) and starting a server on a free local port.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const sendJson = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/** A JSON request body: {} when empty, { invalid: text } when it is not JSON. */
export const readJsonBody = (req: http.IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      try {
        resolve(text ? JSON.parse(text) : {});
      } catch {
        resolve({ invalid: text });
      }
    });
  });

/** What every point-of-sale fake can be started with. */
export type FakePosOptions = {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** seconds until an access token lapses */
  accessTtl?: number;
  customers?: number;
  ordersPerCustomer?: number;
};

export type FakeControls<Call> = {
  calls: Call[];
  /** the next `count` API calls answer 429 with Retry-After */
  rateLimitNext: (count: number, retryAfterSeconds?: number) => void;
  /** called with the path of every request (tests use it to stop an import at an exact page) */
  setOnCall: (listener: ((path: string) => void) | undefined) => void;
};

export function fakeControls<Call extends { path: string }>() {
  let rateLimited = 0;
  let retryAfter = 1;
  let onCall: ((path: string) => void) | undefined;
  const controls: FakeControls<Call> = {
    calls: [],
    rateLimitNext: (count, seconds = 1) => {
      rateLimited = count;
      retryAfter = seconds;
    },
    setOnCall: (listener) => {
      onCall = listener;
    },
  };
  return {
    controls,
    /** Logs the call and tells the listener its path. */
    record(call: Call, pathname: string) {
      controls.calls.push(call);
      onCall?.(pathname);
    },
    /** The Retry-After seconds when this call is to be rate limited, else null. */
    takeRateLimit(): number | null {
      if (rateLimited <= 0) return null;
      rateLimited -= 1;
      return retryAfter;
    },
  };
}

/** Serves `handle` on 127.0.0.1 (port 0: any free one); a handler that throws answers with `onError`. */
export async function listenFake(
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<unknown>,
  onError: (res: http.ServerResponse, error: unknown) => void,
  port = 0,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => onError(res, error));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${bound}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
