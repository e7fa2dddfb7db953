import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { IconBrandTiktok, IconChartBar, IconDownload, IconShare } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { TIKTOK_PRIVACY_LABELS, type Video } from '../../contract/video.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { videoApi } from './video-api.ts';
import { DemoBadge, StatusBadge } from './video-cards.tsx';
import { VideoPlayer } from './video-player.tsx';
import { videoKeys, videoQueries } from './video-queries.ts';

const number = new Intl.NumberFormat('en-US');

/** /campaigns/video-campaigns/generated-videos/video-details/{id}: watch, download, share, publish to TikTok. */
export function VideoDetails({ videoId }: { videoId: string }) {
  const { data: video } = useSuspenseQuery(videoQueries.video(videoId));
  const canShare = typeof navigator !== 'undefined' && 'share' in navigator;
  const share = async () => {
    try {
      const response = await fetch(video.video_url!);
      const file = new File([await response.blob()], `${video.title}.mp4`, { type: 'video/mp4' });
      if (navigator.canShare?.({ files: [file] })) await navigator.share({ files: [file], title: video.title });
      else await navigator.share({ title: video.title, url: new URL(video.video_url!, location.href).toString() });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) notifyError(error, 'This phone could not share the video');
    }
  };
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} fz="xl">
          {video.title}
        </Title>
        <Group gap={4}>
          <StatusBadge video={video} />
          {video.demo && <DemoBadge />}
        </Group>
      </Stack>
      <VideoPlayer video={video} />
      <SimpleGrid cols={canShare ? 2 : 1} spacing="sm">
        <Button component="a" href={video.video_url ?? undefined} download={`${video.title}.mp4`} variant="light" size="md" leftSection={<IconDownload size={20} />}>
          Download
        </Button>
        {canShare && (
          <Button variant="light" size="md" leftSection={<IconShare size={20} />} onClick={() => void share()}>
            Share
          </Button>
        )}
      </SimpleGrid>
      <TiktokPanel video={video} />
    </Stack>
  );
}

function TiktokPanel({ video }: { video: Video }) {
  const options = useQuery(videoQueries.options());
  const publish = video.publish;
  if (publish && publish.status === 'PUBLISH_COMPLETE') {
    return (
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Title order={3} fz="lg">
            On TikTok
          </Title>
          {video.figures ? (
            <SimpleGrid cols={4} spacing="xs">
              {(['views', 'likes', 'shares', 'comments'] as const).map((key) => (
                <Stack key={key} gap={0} align="center">
                  <Text fw={700} fz="lg">
                    {number.format(video.figures![key])}
                  </Text>
                  <Text size="xs" c="dimmed" tt="capitalize">
                    {key}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dimmed">
              TikTok has not sent figures yet; they are fetched every few hours.
            </Text>
          )}
          <Button renderRoot={(props) => <Link {...props} to="/campaigns/video-campaigns/analytics/$id" params={{ id: video.publish?.publish_id ?? video.id }} />} variant="light" leftSection={<IconChartBar size={18} />}>
            Analytics
          </Button>
        </Stack>
      </Paper>
    );
  }
  if (publish && publish.status !== 'FAILED') {
    return (
      <Alert color="grape" icon={<IconBrandTiktok />} title="Sending to TikTok" aria-live="polite">
        {publish.status === 'QUEUED' ? 'Waiting to upload…' : publish.status === 'PROCESSING_UPLOAD' ? 'TikTok is processing the upload…' : `TikTok: ${publish.status}`}
      </Alert>
    );
  }
  if (!options.data) return null;
  if (!options.data.tiktok.configured) return <Text c="dimmed">Publishing to TikTok is not set up on this server.</Text>;
  if (!options.data.tiktok.connected) {
    return (
      <Paper withBorder radius="lg" p="md">
        <Stack gap="xs">
          <Text>Link your TikTok account to publish this video.</Text>
          <Button component={Link} to="/settings/socials" variant="light" leftSection={<IconBrandTiktok size={18} />}>
            Link TikTok
          </Button>
        </Stack>
      </Paper>
    );
  }
  return <PublishForm video={video} />;
}

/** TikTok requires the creator's own privacy options, chosen by the owner (no default), before posting. */
function PublishForm({ video }: { video: Video }) {
  const creator = useQuery(videoQueries.creator());
  const queryClient = useQueryClient();
  const [privacy, setPrivacy] = useState<string | null>(null);
  const [caption, setCaption] = useState(video.title);
  const [noComments, setNoComments] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(crypto.randomUUID());
  const send = useMutation({
    mutationFn: () => videoApi.publish(video.id, { privacy_level: privacy ?? '', title: caption, disable_comment: noComments }, key.current),
    onSuccess: (result) => {
      key.current = crypto.randomUUID();
      queryClient.setQueryData(videoKeys.video(video.id), result.video);
      void queryClient.invalidateQueries({ queryKey: videoKeys.videos() });
      notifySuccess(result.message);
    },
    onError: (problem) => notifyError(problem, 'The video could not be sent to TikTok'),
  });
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label="Publish to TikTok">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          Publish to TikTok
        </Title>
        {video.publish?.status === 'FAILED' && (
          <Alert color="red" title="TikTok did not publish it">
            {video.publish.error}
          </Alert>
        )}
        {creator.isError && <Text c="red">{creator.error.message}</Text>}
        {creator.data && (
          <>
            <Text size="sm" c="dimmed">
              Posting as {creator.data.nickname}
            </Text>
            <Select
              label="Who can see it"
              placeholder="Choose"
              data={creator.data.privacy_level_options.map((value) => ({ value, label: TIKTOK_PRIVACY_LABELS[value] ?? value }))}
              value={privacy}
              onChange={(value) => {
                setPrivacy(value);
                setError(null);
              }}
              error={error}
            />
            <Textarea label="Caption on TikTok" autosize minRows={2} maxLength={2200} value={caption} onChange={(event) => setCaption(event.currentTarget.value)} />
            {!creator.data.comment_disabled && <Switch label="Turn comments off" checked={noComments} onChange={(event) => setNoComments(event.currentTarget.checked)} />}
            <Text size="xs" c="dimmed">
              By posting, you agree to TikTok’s{' '}
              <Anchor href="https://www.tiktok.com/legal/page/global/music-usage-confirmation/en" target="_blank" rel="noreferrer" size="xs">
                Music Usage Confirmation
              </Anchor>
              .
            </Text>
            <Button size="lg" leftSection={<IconBrandTiktok size={20} />} loading={send.isPending} onClick={() => (privacy ? send.mutate() : setError('Choose who can see the video'))}>
              Publish to TikTok
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
