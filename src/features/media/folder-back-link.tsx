import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { folderParam } from './media-format.ts';
import { mediaQueries } from './media-queries.ts';
import type { MediaSearch } from './media-search.ts';

/** Up one level from a folder: to its parent folder when it has one, else to the library, keeping the view settings. */
export function FolderBackLink({ folderId, settings }: { folderId: string; settings: MediaSearch }) {
  const folder = useQuery(mediaQueries.item(folderId));
  const parentId = folder.data?.parentId ?? null;
  const parent = useQuery({ ...mediaQueries.item(parentId ?? ''), enabled: Boolean(parentId) });
  const label = parentId && parent.data ? parent.data.name : 'Media';
  return (
    <Anchor
      mih={44}
      style={{ display: 'inline-flex', alignItems: 'center' }}
      renderRoot={(props) =>
        parentId && parent.data ? (
          <Link {...props} to="/media/$folder" params={{ folder: folderParam(parent.data) }} search={settings} />
        ) : (
          <Link {...props} to="/media" search={settings} />
        )
      }
    >
      <Group gap={4}>
        <IconArrowLeft size={16} /> {label}
      </Group>
    </Anchor>
  );
}
