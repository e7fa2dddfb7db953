import { Alert, Button, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { VIDEO_MESSAGES } from '../../contract/video.ts';
import { notifyError } from '../../ui/notify.ts';
import { videoApi } from './video-api.ts';
import { VideoPlayer } from './video-player.tsx';
import { videoKeys, videoQueries } from './video-queries.ts';

/** /edit-concept/video/{task_id}: the render's live progress, its failure in plain words with Retry, or the video. */
export function VideoProgress({ taskId }: { taskId: string }) {
  const { data: video } = useSuspenseQuery(videoQueries.video(taskId));
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => videoApi.retry(video.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: videoKeys.all }),
    onError: (error) => notifyError(error, VIDEO_MESSAGES.videoError),
  });

  if (video.status === 'pending') {
    const percent = Math.round(video.progress * 100);
    return (
      <Stack gap="md" aria-live="polite">
        <Title order={2} fz="xl">
          {VIDEO_MESSAGES.processing}
        </Title>
        <Progress value={percent} size="xl" radius="xl" animated aria-label="Render progress" />
        <Text c="dimmed">{percent > 0 ? `${percent}% · you can leave this page, the video keeps being made.` : 'Waiting for its turn to be made…'}</Text>
      </Stack>
    );
  }
  if (video.status === 'error') {
    return (
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertTriangle />} title={VIDEO_MESSAGES.failed}>
          {video.error}
        </Alert>
        <Button size="lg" leftSection={<IconRefresh size={20} />} onClick={() => retry.mutate()} loading={retry.isPending}>
          Retry
        </Button>
        {video.script_id && (
          <Button renderRoot={(props) => <Link {...props} to="/edit-concept/script/$id" params={{ id: video.script_id! }} />} variant="light">
            Edit the script
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        Your video is ready
      </Title>
      <VideoPlayer video={video} />
      <Button size="lg" renderRoot={(props) => <Link {...props} to="/campaigns/video-campaigns/generated-videos/video-details/$id" params={{ id: video.id }} />} leftSection={<IconPlayerPlay size={20} />}>
        Open video
      </Button>
    </Stack>
  );
}
