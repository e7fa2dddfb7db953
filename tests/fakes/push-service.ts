// A local Web Push service (RFC 8030) for tests: it records each push it receives, checks the VAPID
// Authorization (RFC 8292: an ES256 JWT signed by the key in `k=`) and decrypts the aes128gcm body (RFC 8291)
// with the test subscription's own keys, written here from the RFCs, independently of the web-push package.
// Endpoints under /gone/ answer 410 and /missing/ 404, as a push service does for an expired subscription.
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedPush = { path: string; status: number; headers: http.IncomingHttpHeaders; body: Buffer };

export type TestSubscription = { endpoint: string; keys: { p256dh: string; auth: string }; ecdh: ECDH; authSecret: Buffer };

export type FakePushService = {
  origin: string;
  received: ReceivedPush[];
  /** A browser's subscription on this service: its own P-256 key pair and auth secret. */
  subscription: (path: string) => TestSubscription;
  close: () => Promise<void>;
};

export async function startFakePushService(): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const status = path.startsWith('/gone/') ? 410 : path.startsWith('/missing/') ? 404 : 201;
      received.push({ path, status, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status, status === 201 ? { Location: `${path}/messages/${received.length}` } : {});
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    subscription(path) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      return { endpoint: `${origin}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') }, ecdh, authSecret };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const mac = createHmac('sha256', key);
  for (const part of data) mac.update(part);
  return mac.digest();
};

/** RFC 8291 §3.4 + RFC 8188: the plaintext of one aes128gcm push message for this subscription. */
export function decryptPush(body: Buffer, subscription: TestSubscription): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const userPublic = subscription.ecdh.getPublicKey();
  const ecdhSecret = subscription.ecdh.computeSecret(serverPublic);
  const prkKey = hmac(subscription.authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), userPublic, serverPublic]);
  const ikm = hmac(prkKey, keyInfo, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with a 0x02 delimiter, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT's signature checks with k, its aud is the push service's origin. */
export function readVapid(authorization: string | undefined, now = Date.now()) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [header64, claims64, signature64] = match[1]!.split('.') as [string, string, string];
  const publicKey = Buffer.from(match[2]!, 'base64url');
  const key = createPublicKey({ format: 'jwk', key: { kty: 'EC', crv: 'P-256', x: publicKey.subarray(1, 33).toString('base64url'), y: publicKey.subarray(33, 65).toString('base64url') } });
  const valid = verify('sha256', Buffer.from(`${header64}.${claims64}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature64, 'base64url'));
  const header = JSON.parse(Buffer.from(header64, 'base64url').toString()) as { alg: string; typ: string };
  const claims = JSON.parse(Buffer.from(claims64, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  return { valid, header, claims, publicKey: match[2]!, expiresInSeconds: claims.exp - Math.floor(now / 1000) };
}
