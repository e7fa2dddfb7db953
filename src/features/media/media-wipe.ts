import { onWipeUserData } from '../../lib/offline/wipe-user-data.ts';

/** The service worker's thumbnail cache (sw/media-cache.ts); named here too because src never imports sw/. */
const MEDIA_CACHE = 'mise-media-thumbs';

/** Sign-out leaves no pictures behind: the thumbnail cache and tus-js-client's resume records go. */
export function registerMediaWipe() {
  return onWipeUserData(async () => {
    if (typeof caches !== 'undefined') await caches.delete(MEDIA_CACHE);
    for (const key of Object.keys(localStorage)) if (key.startsWith('tus::')) localStorage.removeItem(key);
  });
}
