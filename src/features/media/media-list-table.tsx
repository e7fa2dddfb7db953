import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { MediaItem } from '../../contract/media.ts';
import { formatDate, formatMegabytes, shortName } from './media-format.ts';
import { MediaThumb } from './media-tile.tsx';

type Props = { items: MediaItem[]; onOpen: (item: MediaItem) => void; actionsFor: (item: MediaItem) => ReactNode };

/** List view: Name / Size / Last Modified (spec §2), sizes in MB with two decimals (§9). */
export function MediaListTable({ items, onOpen, actionsFor }: Props) {
  return (
    // Fixed layout: the columns share the screen's width, so a phone never scrolls sideways; a long name wraps.
    <Table verticalSpacing={6} horizontalSpacing={6} highlightOnHover style={{ tableLayout: 'fixed', width: '100%' }}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th ta="right" w={64}>
            Size
          </Table.Th>
          <Table.Th w={84}>Last Modified</Table.Th>
          <Table.Th w={50} aria-label="Actions" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id} data-testid="media-row" data-name={item.name}>
            <Table.Td>
              <UnstyledButton onClick={() => onOpen(item)} mih={44} maw="100%" aria-label={item.isFolder ? `Open folder ${item.name}` : `View ${item.name}`}>
                <Group gap="xs" wrap="nowrap">
                  <MediaThumb item={item} size={28} />
                  <Text size="sm" title={item.name} lineClamp={2} style={{ minWidth: 0, overflowWrap: 'break-word' }}>
                    {shortName(item.name)}
                  </Text>
                </Group>
              </UnstyledButton>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {item.isFolder ? '—' : formatMegabytes(item.size)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {formatDate(item.updatedAt)}
              </Text>
            </Table.Td>
            <Table.Td>{actionsFor(item)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
