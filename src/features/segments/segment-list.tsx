import { ActionIcon, Button, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { SEGMENT_DELETED, type SegmentSummary } from '../../contract/segments.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { RenameSegmentModal } from './rename-segment-modal.tsx';
import { useDeleteSegment } from './segments-mutations.ts';
import { segmentQueries } from './segments-queries.ts';
import classes from './segments.module.css';

/** The owner's segments: view, edit title, delete (spec §2). */
export function SegmentList() {
  const { data } = useSuspenseQuery(segmentQueries.list());
  // The counts come a moment after the list (they run each segment); offline the kept ones are shown.
  const countsQuery = useQuery(segmentQueries.counts());
  const counts = countsQuery.data?.counts;
  const [renaming, setRenaming] = useState<SegmentSummary | null>(null);
  const [deleting, setDeleting] = useState<SegmentSummary | null>(null);
  const remove = useDeleteSegment();

  return (
    <Stack gap="sm">
      {data.results.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No result found
        </Text>
      )}
      {data.results.map((segment) => (
        <Card key={segment.id} withBorder padding="sm" radius="md" data-testid="segment-card">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Link to="/customers/segments/$segmentId" params={{ segmentId: segment.id }}
                style={{ color: 'inherit', textDecoration: 'none', display: 'flex', alignItems: 'center', minHeight: 44 }}
              >
                <Text fw={600} lineClamp={2}>
                  {segment.segmentation_title}
                </Text>
              </Link>
              {(counts || countsQuery.isPending) && (
                <Text size="sm" c="dimmed" data-testid="segment-count">
                  {counts && segment.id in counts ? `${counts[segment.id]!.toLocaleString('en-US')} ${counts[segment.id] === 1 ? 'customer' : 'customers'}` : 'Counting…'}
                </Text>
              )}
              {segment.notes && (
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {segment.notes}
                </Text>
              )}
            </Stack>
            <ActionIcon
              renderRoot={(props) => <Link {...props} to="/customers/segments/$segmentId" params={{ segmentId: segment.id }} />}
              variant="light"
              size={44}
              aria-label={`View ${segment.segmentation_title}`}
            >
              <IconUsers size={20} />
            </ActionIcon>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" size={44} aria-label={`More actions for ${segment.segmentation_title}`}>
                  <IconDots size={20} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={18} />} onClick={() => setRenaming(segment)} mih={44}>
                  Edit title
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={18} />} onClick={() => setDeleting(segment)} mih={44}>
                  Delete
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Card>
      ))}
      {/* Last in the column and sticky: the primary action sits where the thumb is. */}
      <Button
        renderRoot={(props) => <Link {...props} to="/customers/segments/new" />}
        leftSection={<IconPlus size={20} />}
        size="lg"
        fullWidth
        className={classes.stickyAction}
      >
        New segment
      </Button>
      <RenameSegmentModal segment={renaming} onClose={() => setRenaming(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title="Delete segment?"
        message={`"${deleting?.segmentation_title ?? ''}" will be deleted. Its customers stay in your customer list.`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess(SEGMENT_DELETED);
              setDeleting(null);
            },
            onError: (error) => notifyError(error, 'Something went wrong'),
          })
        }
      />
    </Stack>
  );
}
