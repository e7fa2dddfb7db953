import { Anchor, AspectRatio, Badge, Box, Card, Group, Image, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconMovie } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { truncateQuery, VIDEO_MESSAGES, type Video } from '../../contract/video.ts';

const number = new Intl.NumberFormat('en-US');

export function DemoBadge() {
  return (
    <Badge color="yellow" variant="light">
      Demo data
    </Badge>
  );
}

export function StatusBadge({ video }: { video: Video }) {
  if (video.status === 'pending') return <Badge color="blue" variant="light">{VIDEO_MESSAGES.processing}</Badge>;
  if (video.status === 'error') return <Badge color="red" variant="light">{VIDEO_MESSAGES.failed}</Badge>;
  if (video.publish?.status === 'PUBLISH_COMPLETE') return <Badge color="teal" variant="light">On TikTok</Badge>;
  if (video.publish && video.publish.status !== 'FAILED') return <Badge color="grape" variant="light">Sending to TikTok</Badge>;
  return <Badge color="gray" variant="light">Ready</Badge>;
}

/** One video: its poster (or its state), the concept cut at 40 characters (spec §9), and where a tap goes. */
function VideoCard({ video }: { video: Video }) {
  // done → details; pending or error → the progress page (with Retry).
  return (
    <Card
      renderRoot={(props) =>
        video.status === 'done' ? (
          <Link {...props} to="/campaigns/video-campaigns/generated-videos/video-details/$id" params={{ id: video.id }} />
        ) : (
          <Link {...props} to="/edit-concept/video/$taskId" params={{ taskId: video.id }} />
        )
      }
      withBorder
      radius="lg"
      padding="xs"
      aria-label={video.title}
    >
      <Card.Section>
        <AspectRatio ratio={9 / 16}>
          {video.poster_url ? (
            <Image src={video.poster_url} alt="" fit="cover" />
          ) : (
            <Box bg="gray.1" style={{ display: 'grid', placeItems: 'center' }}>
              {video.status === 'error' ? <IconAlertTriangle size={32} color="var(--mantine-color-red-6)" /> : <IconMovie size={32} color="var(--mantine-color-gray-5)" />}
            </Box>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={4} mt="xs">
        <Text fw={600} size="sm" lineClamp={2}>
          {video.title}
        </Text>
        <Text size="xs" c="dimmed" title={video.script_query}>
          {truncateQuery(video.script_query)}
        </Text>
        {video.status === 'pending' && <Progress value={Math.round(video.progress * 100)} size="sm" aria-label="Render progress" />}
        <Group gap={4}>
          <StatusBadge video={video} />
          {video.demo && <DemoBadge />}
        </Group>
      </Stack>
    </Card>
  );
}

export function VideoGrid({ videos }: { videos: Video[] }) {
  if (videos.length === 0) return <Text c="dimmed">{VIDEO_MESSAGES.empty}</Text>;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
      {videos.map((video) => (
        <VideoCard key={video.id} video={video} />
      ))}
    </SimpleGrid>
  );
}

/**
 * The History table of spec §2: Title, Views, Likes, Shares, Comments (TikTok's figures, newest snapshot).
 * Small headings and tight spacing so all five columns fit a 360 px phone without scrolling sideways.
 */
export function HistoryTable({ videos }: { videos: Video[] }) {
  if (videos.length === 0) return <Text c="dimmed">{VIDEO_MESSAGES.empty}</Text>;
  const figure = (value: number | undefined) => (value === undefined ? '–' : number.format(value));
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table verticalSpacing="sm" horizontalSpacing={4} fz="sm" striped>
        <Table.Thead fz="xs">
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th ta="right">Views</Table.Th>
            <Table.Th ta="right">Likes</Table.Th>
            <Table.Th ta="right">Shares</Table.Th>
            <Table.Th ta="right">Comments</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {videos.map((video) => (
            <Table.Tr key={video.id}>
              <Table.Td>
                <Anchor renderRoot={(props) => <Link {...props} to="/campaigns/video-campaigns/analytics/$id" params={{ id: video.publish?.publish_id ?? video.id }} />} fw={600} size="sm" display="block" py={12}>
                  {truncateQuery(video.title)}
                </Anchor>
                {video.demo && (
                  <Text size="xs" c="dimmed">
                    Demo data: made-up figures
                  </Text>
                )}
                {video.publish?.status !== 'PUBLISH_COMPLETE' && (
                  <Text size="xs" c={video.publish?.status === 'FAILED' ? 'red' : 'dimmed'}>
                    {video.publish?.status === 'FAILED' ? 'TikTok did not publish it' : 'Sending to TikTok'}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{figure(video.figures?.views)}</Table.Td>
              <Table.Td ta="right">{figure(video.figures?.likes)}</Table.Td>
              <Table.Td ta="right">{figure(video.figures?.shares)}</Table.Td>
              <Table.Td ta="right">{figure(video.figures?.comments)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
