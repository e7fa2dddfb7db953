import { Anchor, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { stylesOf, VIDEO_LIMITS, VIDEO_MESSAGES, VIDEO_SUBCATEGORIES, type CreateScriptRequest } from '../../contract/video.ts';
import { ApiError } from '../../lib/api.ts';
import { ChipRow } from '../../ui/chip-row.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { videoApi } from './video-api.ts';
import { HistoryTable, VideoGrid } from './video-cards.tsx';
import { videoKeys, videoQueries } from './video-queries.ts';
import { WeeklySuggestions, WeeklyTooltip } from './video-suggestions.tsx';

type VideoHomeProps = {
  /** False while the brand lacks its name, location or logo (spec §5): the route sends the owner to fill them in. */
  brandReady: boolean;
  onNeedsBrand: () => void;
  onScript: (id: string) => void;
};

/**
 * Spec §2 video home: the greeting, a concept box that becomes the script flow (kind, then style when the
 * kind has styles, then create), the weekly suggestions and the first three generated videos, and the History.
 */
export function VideoHome({ brandReady, onNeedsBrand, onScript }: VideoHomeProps) {
  const generated = useQuery(videoQueries.videos('generated', '', VIDEO_LIMITS.homeVideos));
  const history = useQuery(videoQueries.videos('published', '', 5));
  return (
    <Stack gap="xl">
      <ScriptFlow brandReady={brandReady} onNeedsBrand={onNeedsBrand} onScript={onScript} />
      <Group justify="space-between">
        <Anchor component={Link} to="/campaigns/video-campaigns/drafts" fw={600} py={10}>
          Draft videos
        </Anchor>
        <Anchor component={Link} to="/campaigns/video-campaigns/scripts" fw={600} py={10}>
          Your scripts
        </Anchor>
      </Group>
      <Group justify="space-between">
        <Anchor component={Link} to="/campaigns/video-campaigns/audio" fw={600} py={10}>
          Audio
        </Anchor>
        <Anchor component={Link} to="/campaigns/video-campaigns/trending-audios" fw={600} py={10}>
          Trending audios
        </Anchor>
        <Anchor component={Link} to="/campaigns/video-campaigns/hire-a-pro" fw={600} py={10}>
          Hire a Pro
        </Anchor>
      </Group>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap={4}>
            <Title order={2} fz="lg">
              Generated videos
            </Title>
            <WeeklyTooltip />
          </Group>
          <Anchor component={Link} to="/campaigns/video-campaigns/generated-videos" fw={600} py={10}>
            View all
          </Anchor>
        </Group>
        <WeeklySuggestions brandReady={brandReady} onNeedsBrand={onNeedsBrand} onScript={onScript} />
        {generated.data && <VideoGrid videos={generated.data} />}
      </Stack>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            History
          </Title>
          <Anchor component={Link} to="/campaigns/video-campaigns/history" fw={600} py={10}>
            View all
          </Anchor>
        </Group>
        {history.data && <HistoryTable videos={history.data} />}
      </Stack>
    </Stack>
  );
}

function ScriptFlow({ brandReady, onNeedsBrand, onScript }: VideoHomeProps) {
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  const [subcategory, setSubcategory] = useState<string | null>(null);
  const [style, setStyle] = useState<string | null>(null);
  const [queryError, setQueryError] = useState<string | null>(null);
  const key = useRef(crypto.randomUUID());
  const styles = subcategory ? stylesOf(subcategory) : [];
  const create = useMutation({
    mutationFn: (body: CreateScriptRequest) => videoApi.createScript(body, key.current),
    onSuccess: (created) => {
      key.current = crypto.randomUUID();
      void queryClient.invalidateQueries({ queryKey: videoKeys.all });
      notifySuccess(VIDEO_MESSAGES.scriptCreated);
      onScript(created.id);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.user_query) setQueryError(error.fields.user_query);
      notifyError(error, VIDEO_MESSAGES.scriptError);
    },
  });
  const ready = query.trim() && subcategory && (styles.length === 0 || style);

  const submit = () => {
    if (!brandReady) return onNeedsBrand();
    if (!query.trim()) return setQueryError('Describe your video');
    if (!ready) return;
    create.mutate({ user_query: query.trim(), subcategory: subcategory!, ...(style ? { video_style: style } : {}) });
  };

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="md">
        <Title order={2} fz="xl">
          {VIDEO_MESSAGES.greeting}
        </Title>
        <Textarea
          label="Your concept"
          description="One line is enough. Say any price or date yourself: Mise never makes them up."
          placeholder="Fish tacos are back on the menu, grilled to order"
          autosize
          minRows={2}
          maxLength={VIDEO_LIMITS.query}
          value={query}
          error={queryError}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setQueryError(null);
          }}
        />
        {query.trim() && (
          <Stack gap={6}>
            <Text fw={600} size="sm" id="video-kind">
              What kind of video?
            </Text>
            <ChipRow
              wrap
              labelledBy="video-kind"
              value={subcategory}
              options={VIDEO_SUBCATEGORIES.map((entry) => ({ value: entry.id, label: entry.label, description: entry.description }))}
              onChange={(value) => {
                setSubcategory(value);
                setStyle(null);
              }}
            />
          </Stack>
        )}
        {styles.length > 0 && (
          <Stack gap={6}>
            <Text fw={600} size="sm" id="video-style">
              Which style?
            </Text>
            <ChipRow wrap labelledBy="video-style" value={style} options={styles.map((entry) => ({ value: entry.id, label: entry.label }))} onChange={setStyle} />
          </Stack>
        )}
        <Button size="lg" leftSection={<IconSparkles size={20} />} onClick={submit} loading={create.isPending} disabled={Boolean(query.trim()) && !ready}>
          Create script
        </Button>
      </Stack>
    </Paper>
  );
}
