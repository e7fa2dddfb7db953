import { tolerateFailure } from '../../../lib/route-data.ts';
import { createFileRoute } from '@tanstack/react-router';
import { libraryFilter, MediaLibrary } from '../../../features/media/media-library.tsx';
import { folderParam } from '../../../features/media/media-format.ts';
import { mediaQueries } from '../../../features/media/media-queries.ts';
import { MediaSearchSchema } from '../../../features/media/media-search.ts';
import { MediaTabs } from '../../../features/media/media-tabs.tsx';

export const Route = createFileRoute('/_app/media/')({
  validateSearch: MediaSearchSchema,
  loaderDeps: ({ search }) => ({ sort: search.sort, order: search.order, uploader: search.uploader, formerUploader: search.formerUploader }),
  // Offline with nothing cached yet: the screen still opens and says so.
  loader: ({ context, deps }) => tolerateFailure(context.queryClient.ensureInfiniteQueryData(mediaQueries.list({}, deps, libraryFilter({}, deps)))),
  component: MediaPage,
});

function MediaPage() {
  const settings = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MediaLibrary
      scope={{}}
      title="Media"
      tabs={<MediaTabs active="all" filter={settings} />}
      settings={settings}
      onSettings={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })}
      onOpenFolder={(folder) => void navigate({ to: '/media/$folder', params: { folder: folderParam(folder) }, search: settings })}
      showRecent
    />
  );
}
