import { Alert, Badge, Button, Card, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Sequence } from '../../contract/sequences.ts';
import { sequenceQueries } from './sequences-queries.ts';

const when = (iso: string, timeZone: string) => new Date(iso).toLocaleString('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "every minute", "every hour", "every 15 minutes": the pace of a frequent schedule over the window. */
function every(count: number, days: number): string {
  const minutes = Math.max(1, Math.round((days * 24 * 60) / count));
  if (minutes === 1) return 'every minute';
  if (minutes % 60 === 0) return minutes === 60 ? 'every hour' : `every ${minutes / 60} hours`;
  return `every ${minutes} minutes`;
}

/** Before launch: what the next 14 days would do, step by step, and how many each would reach now. */
export function SequencePreviewModal({ sequence, opened, onClose, onLaunch, launching }: { sequence: Sequence; opened: boolean; onClose: () => void; onLaunch?: () => void; launching: boolean }) {
  const preview = useQuery({ ...sequenceQueries.preview(sequence.id), enabled: opened });
  const data = preview.data;
  return (
    <Modal opened={opened} onClose={onClose} title="The next 14 days" fullScreen={typeof window !== 'undefined' && window.innerWidth < 576} radius="lg">
      <Stack gap="sm" data-testid="sequence-preview">
        {preview.isLoading && <Loader mx="auto" />}
        {preview.isError && <Alert color="red">The preview could not be loaded. Try again in a moment.</Alert>}
        {data?.steps.map((step) => (
          <Card key={step.item_id} withBorder radius="md" padding="sm">
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700} lineClamp={1}>
                  {step.order}. {step.title}
                </Text>
                <Badge variant="light">{step.campaign_type === 'EMAIL' ? 'Email' : 'Text'}</Badge>
              </Group>
              <Text size="sm">{step.schedule}</Text>
              <Text size="sm" c="dimmed">
                {step.fire_count === 0
                  ? 'Does not run in the next 14 days.'
                  : step.fire_count > 50
                    ? `Checks ${every(step.fire_count, data.days)} for guests who are due; each gets it once.`
                    : `Runs ${step.fire_count} time${step.fire_count === 1 ? '' : 's'}: ${step.fires.slice(0, 3).map((at) => when(at, data.time_zone)).join(', ')}${step.fire_count > 3 ? '…' : ''}`}
              </Text>
              <Text size="sm" fw={600} data-testid="preview-reach">
                {step.order === 1
                  ? `Would reach ${step.reach_now.toLocaleString('en-US')} guest${step.reach_now === 1 ? '' : 's'} now`
                  : `Goes to guests after they get step ${step.order - 1}${step.reach_now ? ` (${step.reach_now.toLocaleString('en-US')} due now)` : ''}; up to ${step.reachable.toLocaleString('en-US')} can get it`}
              </Text>
            </Stack>
          </Card>
        ))}
        {data && data.steps.length === 0 && <Text c="dimmed">No active steps.</Text>}
        <Text size="xs" c="dimmed">
          Consent, the do-not-contact list, quiet hours for texts and the one-text-a-day limit apply at every step.
        </Text>
        {onLaunch && (
          <Button size="lg" leftSection={<IconRocket size={20} />} loading={launching} onClick={onLaunch}>
            Launch
          </Button>
        )}
      </Stack>
    </Modal>
  );
}
