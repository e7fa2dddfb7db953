/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

/**
 * Media thumbnails and previews that were seen stay available offline: the one exception to
 * "the service worker never caches /api". Their URLs are signed (id, variant, expiry), the bytes
 * behind one never change, and the persisted listing keeps pointing at the same URLs, so
 * cache-first is exact. Bounded: at most 400 entries for at most 14 days, oldest dropped first;
 * the browser may also evict the whole cache under storage pressure (purgeOnQuotaError).
 * Full-size files and videos are never cached here.
 */
const MEDIA_CACHE = 'mise-media-thumbs';
const THUMB = /^\/api\/v1\/media\/files\/[0-9a-f-]{36}\/(thumb|preview)$/;

export function registerMediaCache() {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && THUMB.test(url.pathname),
    new CacheFirst({
      cacheName: MEDIA_CACHE,
      plugins: [
        // Only real pictures: never a 403 for an expired link or a 404 for a deleted item.
        { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
        new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 14 * 24 * 3600, purgeOnQuotaError: true }),
      ],
    }),
  );
}
