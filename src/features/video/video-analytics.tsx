import { Alert, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { videoApi } from './video-api.ts';
import { videoKeys, videoQueries } from './video-queries.ts';

const number = new Intl.NumberFormat('en-US');
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Video analytics: TikTok's real figures over time (snapshots); the other networks say they are not connected. */
export function VideoAnalyticsView({ videoId }: { videoId: string }) {
  const { data } = useSuspenseQuery(videoQueries.analytics(videoId));
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<'year' | 'month' | 'week'>('week');
  const refresh = useMutation({
    mutationFn: () => videoApi.refreshFigures(),
    onSuccess: (result) => {
      notifySuccess(result.message);
      // The job runs in the background: look again shortly.
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: videoKeys.all }), 2500);
    },
    onError: (error) => notifyError(error),
  });
  const latest = data.snapshots.at(-1);
  const previous = data.snapshots.at(-2);
  const change = (key: 'views' | 'likes' | 'comments' | 'shares') => (latest && previous ? latest[key] - previous[key] : null);
  const reach = data.coverage[period];
  return (
    <Stack gap="lg">
      <Title order={1} fz="xl">
        {data.video.title}
      </Title>
      {data.video.demo && (
        <Alert color="yellow" title="Demo data">
          This demo video was never on TikTok: its figures are made up to show how this page looks with a published video.
        </Alert>
      )}
      <Tabs defaultValue="tiktok">
        <Tabs.List grow>
          <Tabs.Tab value="tiktok">TikTok</Tabs.Tab>
          <Tabs.Tab value="instagram">Instagram</Tabs.Tab>
          <Tabs.Tab value="facebook">Facebook</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tiktok" pt="md">
          {latest ? (
            <Stack gap="md">
              <SimpleGrid cols={2} spacing="sm">
                {(['views', 'likes', 'comments', 'shares'] as const).map((key) => (
                  <Paper key={key} withBorder radius="lg" p="sm">
                    <Text size="sm" c="dimmed" tt="capitalize">
                      {key}
                    </Text>
                    <Text fw={700} fz={24}>
                      {number.format(latest[key])}
                    </Text>
                    {change(key) !== null && (
                      <Text size="xs" c={change(key)! > 0 ? 'teal' : 'dimmed'}>
                        {change(key)! >= 0 ? '+' : ''}
                        {number.format(change(key)!)} since the snapshot before
                      </Text>
                    )}
                  </Paper>
                ))}
              </SimpleGrid>
              <Text size="xs" c="dimmed">
                From TikTok, {when.format(new Date(latest.taken_at))}. Figures are fetched every few hours.
              </Text>
            </Stack>
          ) : (
            <Text c="dimmed">No figures from TikTok yet.</Text>
          )}
          <Button mt="md" variant="light" leftSection={<IconRefresh size={18} />} onClick={() => refresh.mutate()} loading={refresh.isPending}>
            Refresh figures
          </Button>
        </Tabs.Panel>
        <Tabs.Panel value="instagram" pt="md">
          <Text c="dimmed">Instagram is not connected to Mise: this video was published on TikTok only.</Text>
        </Tabs.Panel>
        <Tabs.Panel value="facebook" pt="md">
          <Text c="dimmed">Facebook is not connected to Mise: this video was published on TikTok only.</Text>
        </Tabs.Panel>
      </Tabs>
      <Paper withBorder radius="lg" p="md" component="section" aria-label="Audience coverage">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} fz="lg">
              Audience coverage
            </Title>
            <SegmentedControl
              size="xs"
              value={period}
              onChange={(value) => setPeriod(value as typeof period)}
              data={[
                { value: 'year', label: '1 Year' },
                { value: 'month', label: '1 Month' },
                { value: 'week', label: '1 Week' },
              ]}
            />
          </Group>
          <Text fz={28} fw={700}>
            {reach === null ? '–' : number.format(reach)}
          </Text>
          <Text size="sm" c="dimmed">
            {reach === null ? 'No figures yet.' : 'New views on TikTok in this period, from the snapshots.'}
          </Text>
        </Stack>
      </Paper>
      {data.snapshots.length > 1 && (
        <Table.ScrollContainer minWidth={280}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th ta="right">Views</Table.Th>
                <Table.Th ta="right">Likes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...data.snapshots].reverse().slice(0, 10).map((snapshot) => (
                <Table.Tr key={snapshot.taken_at}>
                  <Table.Td>{when.format(new Date(snapshot.taken_at))}</Table.Td>
                  <Table.Td ta="right">{number.format(snapshot.views)}</Table.Td>
                  <Table.Td ta="right">{number.format(snapshot.likes)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
