import { lazy, Suspense } from 'react';
import { useInstallState } from '../../lib/offline/install-prompt.ts';
import { useOnline } from '../../lib/offline/online.ts';
import { useStorageProblem } from '../../lib/offline/storage-problems.ts';
import { useUpdateState } from '../../lib/offline/sw-registration.ts';

// Each notice is fetched when there is something to say (a new version waiting, offline or a storage problem, an
// installable app), not as part of the signed-in first load: most visits show none of them. The service worker has
// them offline.
const UpdatePrompt = lazy(() => import('./update-prompt.tsx').then((m) => ({ default: m.UpdatePrompt })));
const OfflineBanner = lazy(() => import('./offline-banner.tsx').then((m) => ({ default: m.OfflineBanner })));
const InstallEntry = lazy(() => import('./install-entry.tsx').then((m) => ({ default: m.InstallEntry })));

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
      <Suspense fallback={null}>{!installed && (canPrompt || ios) && <InstallEntry />}</Suspense>
    </>
  );
}
