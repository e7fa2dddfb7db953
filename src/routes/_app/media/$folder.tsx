import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { FolderBackLink } from '../../../features/media/folder-back-link.tsx';
import { MediaLibrary } from '../../../features/media/media-library.tsx';
import { folderIdFromParam, folderNameFromParam, folderParam } from '../../../features/media/media-format.ts';
import { mediaQueries } from '../../../features/media/media-queries.ts';
import { MediaSearchSchema } from '../../../features/media/media-search.ts';
import { tolerateFailure } from '../../../lib/route-data.ts';

// /media/{folder name}~{folderId} (spec §2): the name is for people, the id after the last '~' decides.
export const Route = createFileRoute('/_app/media/$folder')({
  validateSearch: MediaSearchSchema,
  loaderDeps: ({ search }) => ({ sort: search.sort, order: search.order }),
  loader: ({ context, params, deps }) => {
    const id = folderIdFromParam(params.folder);
    return tolerateFailure(
      Promise.all([context.queryClient.ensureQueryData(mediaQueries.item(id)), context.queryClient.ensureInfiniteQueryData(mediaQueries.list({ parentId: id }, deps))]),
    );
  },
  component: FolderPage,
});

function FolderPage() {
  const { folder: param } = Route.useParams();
  const settings = Route.useSearch();
  const navigate = Route.useNavigate();
  const id = folderIdFromParam(param);
  const folder = useQuery(mediaQueries.item(id));
  return (
    <MediaLibrary
      key={id}
      scope={{ parentId: id }}
      title={folder.data?.name ?? folderNameFromParam(param)}
      above={<FolderBackLink folderId={id} settings={settings} />}
      settings={settings}
      onSettings={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })}
      onOpenFolder={(child) => void navigate({ to: '/media/$folder', params: { folder: folderParam(child) }, search: settings })}
    />
  );
}
