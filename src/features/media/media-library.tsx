import { sessionStore, staffSession } from '../../lib/session.ts';
import { Box, Button, Center, Grid, Group, Loader, Menu, SegmentedControl, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconFolderPlus, IconLayoutGrid, IconList, IconPlus, IconUpload } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { MediaItem, MediaSort } from '../../contract/media.ts';
import { FolderModal } from './folder-modal.tsx';
import { useMediaActions } from './media-actions.tsx';
import { groupByDay } from './media-format.ts';
import { MediaListTable } from './media-list-table.tsx';
import { mediaQueries, type MediaFilter, type MediaScope } from './media-queries.ts';
import { MediaTile } from './media-tile.tsx';
import { MediaViewer } from './media-viewer.tsx';
import { PendingUploadTiles, usePendingUploads } from './pending-uploads.tsx';
import { RecentUploads } from './recent-uploads.tsx';
import { UploadModal } from './upload-modal.tsx';
import { UploaderFilter } from './uploader-filter.tsx';
import classes from './media.module.css';

export type LibraryView = {
  view: 'grid' | 'list';
  sort: MediaSort;
  order: 'asc' | 'desc';
  group: 'none' | 'date';
  /** Open the upload sheet on arrival (shortcut), with a share's files (share target). */
  upload?: '1';
  share?: string;
  shareFailed?: '1';
  /** The owner's filter by uploader (issue 19): a person's id, or a removed member's name. */
  uploader?: string;
  formerUploader?: string;
};

type Props = {
  scope: MediaScope;
  title: string;
  /** Above the title: a back link for folders. */
  above?: ReactNode;
  /** Under the title: the All / Images / Videos switch. */
  tabs?: ReactNode;
  settings: LibraryView;
  onSettings: (next: Partial<LibraryView>) => void;
  onOpenFolder: (folder: MediaItem) => void;
  showRecent?: boolean;
};

const ViewLabel = ({ icon, text }: { icon: ReactNode; text: string }) => (
  <Center mih={28} miw={28}>
    {icon}
    <VisuallyHidden>{text}</VisuallyHidden>
  </Center>
);

const SORTS = [
  { value: 'updatedAt', label: 'Last Modified' },
  { value: 'name', label: 'Name' },
  { value: 'size', label: 'Size' },
];

/** The filter by uploader applies to the whole library and the type tabs, not inside a folder. */
export const libraryFilter = (scope: MediaScope, settings: Pick<LibraryView, 'uploader' | 'formerUploader'>): MediaFilter =>
  scope.parentId ? {} : settings.uploader ? { uploader: settings.uploader } : settings.formerUploader ? { formerUploader: settings.formerUploader } : {};

export function MediaLibrary({ scope, title, above, tabs, settings, onSettings, onOpenFolder, showRecent }: Props) {
  const filter = libraryFilter(scope, settings);
  const filtered = Boolean(filter.uploader || filter.formerUploader);
  const list = useInfiniteQuery(mediaQueries.list(scope, { sort: settings.sort, order: settings.order }, filter));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const parentId = scope.type ? null : (scope.parentId ?? null);
  const waiting = usePendingUploads(parentId);
  // Uploads still on the phone are the signed-in person's: shown unfiltered or filtered to them.
  const pending = !filtered || filter.uploader === sessionStore.get()?.userId ? waiting : [];
  const owner = !staffSession();
  const actions = useMediaActions();
  const [adding, setAdding] = useState<'upload' | 'folder' | null>(settings.upload || settings.share ? 'upload' : null);
  // Arriving from the shortcut or a share: the sheet opens once; closing it drops the parameters (Back does not reopen it).
  const arrivedToUpload = Boolean(settings.upload || settings.share || settings.shareFailed);
  const closeUpload = () => {
    setAdding(null);
    if (arrivedToUpload) onSettings({ upload: undefined, share: undefined, shareFailed: undefined });
  };
  const [viewer, setViewer] = useState<{ list: MediaItem[]; index: number } | null>(null);

  const files = items.filter((item) => !item.isFolder);
  const open = (item: MediaItem, within: MediaItem[] = files) => {
    if (item.isFolder) return onOpenFolder(item);
    setViewer({ list: within, index: Math.max(0, within.findIndex((i) => i.id === item.id)) });
  };
  const render = (subset: MediaItem[], withPending: boolean) =>
    settings.view === 'grid' ? (
      <div className={classes.grid}>
        {withPending && !scope.type && <PendingUploadTiles ops={pending} />}
        {subset.map((item) => (
          <MediaTile key={item.id} item={item} onOpen={(i) => open(i)} actions={actions.menuFor(item)} />
        ))}
      </div>
    ) : (
      <>
        {withPending && !scope.type && pending.length > 0 && (
          <div className={classes.grid}>
            <PendingUploadTiles ops={pending} />
          </div>
        )}
        <MediaListTable items={subset} onOpen={(i) => open(i)} actionsFor={actions.menuFor} />
      </>
    );

  const empty = !list.isPending && items.length === 0 && pending.length === 0;
  const body = list.isPending ? (
    <Center py="xl">
      <Loader />
    </Center>
  ) : list.isError && items.length === 0 && pending.length === 0 ? (
    // Offline with nothing cached: say so; uploads waiting on the phone still show below.
    <Text c="red">{list.error.message}</Text>
  ) : empty ? (
    <Center py="xl">
      <Text c="dimmed" data-testid="media-empty">
        No media
      </Text>
    </Center>
  ) : settings.group === 'date' ? (
    <Stack>
      {pending.length > 0 && render([], true)}
      {groupByDay(items).map((group) => (
        <Stack gap="xs" key={group.key}>
          <Text fw={600} size="sm">
            {group.label}
          </Text>
          {render(group.items, false)}
        </Stack>
      ))}
    </Stack>
  ) : (
    render(items, true)
  );

  return (
    <Stack gap="md">
      {above}
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} fz={26} lh={1.2} style={{ minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
          {title}
        </Title>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button size="md" leftSection={<IconPlus size={18} />}>
              Add new
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconUpload size={16} />} onClick={() => setAdding('upload')} mih={44}>
              Upload files
            </Menu.Item>
            {!scope.type && !staffSession() && (
              <Menu.Item leftSection={<IconFolderPlus size={16} />} onClick={() => setAdding('folder')} mih={44}>
                New folder
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {tabs}
      {owner && !scope.parentId && <UploaderFilter value={filter} onChange={(next) => onSettings(next)} />}
      <Group gap="xs" wrap="wrap">
        <SegmentedControl
          value={settings.view}
          onChange={(value) => onSettings({ view: value as LibraryView['view'] })}
          data={[
            { value: 'grid', label: <ViewLabel icon={<IconLayoutGrid size={18} />} text="Grid view" /> },
            { value: 'list', label: <ViewLabel icon={<IconList size={18} />} text="List view" /> },
          ]}
        />
        <Select
          aria-label="Group by"
          placeholder="Group by"
          w={180}
          clearable
          data={[{ value: 'date', label: 'Date added' }]}
          value={settings.group === 'date' ? 'date' : null}
          onChange={(value) => onSettings({ group: value === 'date' ? 'date' : 'none' })}
        />
        <Select
          aria-label="Sort by"
          w={180}
          data={SORTS}
          value={settings.sort}
          allowDeselect={false}
          onChange={(value) => value && onSettings({ sort: value as MediaSort, order: value === 'name' ? 'asc' : 'desc' })}
        />
      </Group>
      <Grid gap="md">
        {showRecent ? (
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <RecentUploads filter={filter} onOpen={(item, within) => open(item, within)} />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, md: showRecent ? 8 : 12 }} order={{ base: 2, md: 1 }}>
          <Box>{body}</Box>
          {list.hasNextPage && (
            <Center mt="md">
              <Button variant="default" size="md" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Load more
              </Button>
            </Center>
          )}
        </Grid.Col>
      </Grid>
      <UploadModal opened={adding === 'upload'} onClose={closeUpload} parentId={parentId} shareId={settings.share} shareFailed={Boolean(settings.shareFailed)} />
      <FolderModal opened={adding === 'folder'} onClose={() => setAdding(null)} parentId={parentId} />
      <MediaViewer
        items={viewer?.list ?? []}
        index={viewer?.index ?? null}
        onIndex={(index) => setViewer((current) => (current && index !== null ? { ...current, index } : null))}
        onEdit={actions.edit}
        onDelete={(item) => actions.remove(item, () => setViewer(null))}
      />
      {actions.dialogs}
    </Stack>
  );
}
