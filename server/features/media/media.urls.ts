import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '../../env.ts';
import { loadOrCreateKeyFile } from '../../lib/key-file.ts';

/**
 * Signed, expiring file URLs, so `<img src>` and `<video src>` work without a bearer header and a
 * link copied out of the app stops working. The signature is an HMAC over id, variant and expiry.
 *
 * Expiry is rounded up to a 12-hour window (valid 12 to 24 hours): every listing in a window hands
 * out the same URL, so the browser cache, the service worker's thumbnail cache and the persisted
 * offline listing all keep hitting.
 */
export const MEDIA_VARIANTS = ['file', 'thumb', 'preview'] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

const WINDOW_SECONDS = 12 * 3600;
const KEY_FILE = 'media-url.key';

export type MediaUrlSigner = {
  url: (id: string, variant: MediaVariant, now: Date) => string;
  /** 'ok', 'expired' or 'forged'. */
  check: (id: string, variant: string, exp: string | undefined, sig: string | undefined, now: Date) => 'ok' | 'expired' | 'forged';
};

export function mediaUrlSigner(env: Pick<Env, 'dataDir' | 'MEDIA_URL_KEY'>): MediaUrlSigner {
  const key = env.MEDIA_URL_KEY || loadOrCreateKeyFile(env.dataDir, KEY_FILE);
  const sign = (id: string, variant: string, exp: number) =>
    createHmac('sha256', key).update(`media:${id}:${variant}:${exp}`).digest('base64url');

  return {
    url(id, variant, now) {
      const seconds = Math.floor(now.getTime() / 1000);
      const exp = (Math.floor(seconds / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
      return `/api/v1/media/files/${id}/${variant}?exp=${exp}&sig=${sign(id, variant, exp)}`;
    },
    check(id, variant, exp, sig, now) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return 'forged';
      const expected = Buffer.from(sign(id, variant, Number(exp)));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'forged';
      return Number(exp) * 1000 < now.getTime() ? 'expired' : 'ok';
    },
  };
}

