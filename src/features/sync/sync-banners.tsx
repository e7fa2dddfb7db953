import { Suspense } from 'react';
import { useInstallState } from '../../lib/offline/install-prompt.ts';
import { useOnline } from '../../lib/offline/online.ts';
import { useStorageProblem } from '../../lib/offline/storage-problems.ts';
import { useUpdateState } from '../../lib/offline/sw-registration.ts';
import { lazyOr, lazyOrNothing } from '../../ui/lazy-or.tsx';
import classes from './sync-banners.module.css';

// Each notice is fetched when there is something to say (a new version waiting, offline or a storage problem, an
// installable app), not as part of the signed-in first load: most visits show none of them. The service worker has
// them offline.
// Offline on a first visit, before the service worker has stored them, they may be out of reach: the offline notice
// is then said in plain words, the others are not shown.
const UpdatePrompt = lazyOrNothing(() => import('./update-prompt.tsx').then((m) => m.UpdatePrompt));
const OfflineBanner = lazyOr(() => import('./offline-banner.tsx').then((m) => m.OfflineBanner), PlainOfflineNotice);
const InstallEntry = lazyOrNothing(() => import('./install-entry.tsx').then((m) => m.InstallEntry));

function PlainOfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <p role="status" data-testid="offline-banner" data-snapshot="omit" className={classes.plainOffline}>
      <strong>You are offline.</strong> You can keep reading and making changes; they sync when you are back online.
    </p>
  );
}

/** Everything the sync feature shows above a screen: update prompt, offline and storage notices, install. */
export function SyncBanners() {
  const { needRefresh } = useUpdateState();
  const online = useOnline();
  const problem = useStorageProblem();
  const { canPrompt, installed, ios } = useInstallState();
  return (
    <>
      {/* One boundary each: a notice being fetched never hides one already shown. */}
      <Suspense fallback={null}>{needRefresh && <UpdatePrompt />}</Suspense>
      <Suspense fallback={null}>{(!online || problem) && <OfflineBanner />}</Suspense>
      {/* The update and install cards share the dock above the bottom bar: the update first, install another time. */}
      <Suspense fallback={null}>{!needRefresh && !installed && (canPrompt || ios) && <InstallEntry />}</Suspense>
    </>
  );
}
