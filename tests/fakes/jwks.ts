import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/**
 * A local stand-in for Google's and Apple's key endpoints: serves a JSON Web Key Set over HTTP on
 * 127.0.0.1 and signs identity tokens with the matching private key (RS256, as both providers do).
 */
export type FakeJwks = {
  /** The JWKS URL, for GOOGLE_JWKS_URL / APPLE_JWKS_URL. */
  url: string;
  /** How many times the key set was fetched. */
  fetches: () => number;
  sign: (claims: JWTPayload, options: SignOptions) => Promise<string>;
  close: () => Promise<void>;
};

export type SignOptions = {
  issuer: string;
  audience: string;
  subject: string;
  /** Seconds from now; negative for a token that has already expired. */
  expiresIn?: number;
  /** Sign with a key the JWKS does not hold (same kid), i.e. a forged signature. */
  forged?: boolean;
};

const KID = 'fake-key-1';

export async function startJwks(): Promise<FakeJwks> {
  const real = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(real.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  let fetches = 0;

  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/keys') {
      fetches++;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/keys`,
    fetches: () => fetches,
    async sign(claims, options) {
      const now = Math.floor(Date.now() / 1000);
      const expiresIn = options.expiresIn ?? 600;
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
        .setIssuer(options.issuer)
        .setAudience(options.audience)
        .setSubject(options.subject)
        .setIssuedAt(Math.min(now, now + expiresIn - 60))
        .setExpirationTime(now + expiresIn)
        .sign(options.forged ? stranger.privateKey : real.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
