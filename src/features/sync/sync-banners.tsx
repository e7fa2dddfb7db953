import { InstallEntry } from './install-entry.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

/** Everything the sync feature shows above a screen: update prompt, offline and storage notices, install. */
export function SyncBanners() {
  return (
    <>
      <UpdatePrompt />
      <OfflineBanner />
      <InstallEntry />
    </>
  );
}
