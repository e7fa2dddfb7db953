import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { MediaLibrary } from '../../../features/media/media-library.tsx';
import { folderIdFromParam, folderParam } from '../../../features/media/media-format.ts';
import { mediaQueries } from '../../../features/media/media-queries.ts';
import { MediaSearchSchema } from '../../../features/media/media-search.ts';

// /media/{folder name}~{folderId} (spec §2): the name is for people, the id after the last '~' decides.
export const Route = createFileRoute('/_app/media/$folder')({
  validateSearch: MediaSearchSchema,
  loaderDeps: ({ search }) => ({ sort: search.sort, order: search.order }),
  loader: async ({ context, params, deps }) => {
    const id = folderIdFromParam(params.folder);
    await Promise.all([
      context.queryClient.ensureQueryData(mediaQueries.item(id)),
      context.queryClient.ensureInfiniteQueryData(mediaQueries.list({ parentId: id }, deps)),
    ]).catch(() => undefined);
  },
  component: FolderPage,
});

function FolderPage() {
  const { folder: param } = Route.useParams();
  const settings = Route.useSearch();
  const navigate = Route.useNavigate();
  const id = folderIdFromParam(param);
  const folder = useQuery(mediaQueries.item(id));
  const parentId = folder.data?.parentId ?? null;
  const parent = useQuery({ ...mediaQueries.item(parentId ?? ''), enabled: Boolean(parentId) });
  const back = parentId && parent.data ? (
    <Anchor renderRoot={(props) => <Link {...props} to="/media/$folder" params={{ folder: folderParam(parent.data) }} search={settings} />}>
      <Group gap={4}>
        <IconArrowLeft size={16} /> {parent.data.name}
      </Group>
    </Anchor>
  ) : (
    <Anchor renderRoot={(props) => <Link {...props} to="/media" search={settings} />}>
      <Group gap={4}>
        <IconArrowLeft size={16} /> Media
      </Group>
    </Anchor>
  );
  return (
    <MediaLibrary
      key={id}
      scope={{ parentId: id }}
      title={folder.data?.name ?? param.slice(0, param.lastIndexOf('~')) ?? 'Folder'}
      above={back}
      settings={settings}
      onSettings={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })}
      onOpenFolder={(child) => void navigate({ to: '/media/$folder', params: { folder: folderParam(child) }, search: settings })}
    />
  );
}
