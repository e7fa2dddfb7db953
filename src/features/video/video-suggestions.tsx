import { ActionIcon, AspectRatio, Box, Button, Card, Group, Image, Stack, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle, IconPhoto } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { VIDEO_MESSAGES, type VideoSuggestion } from '../../contract/video.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { videoApi } from './video-api.ts';
import { DemoBadge } from './video-cards.tsx';
import { videoKeys, videoQueries } from './video-queries.ts';

/** The spec's tooltip (§9), next to the Generated videos heading; a tap shows it on a phone. */
export function WeeklyTooltip() {
  return (
    <Tooltip label={VIDEO_MESSAGES.weekly} events={{ hover: true, focus: true, touch: true }} multiline w={220} withArrow>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={VIDEO_MESSAGES.weekly}>
        <IconInfoCircle size={20} />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The weekly suggestions: up to three scripts the weekly job wrote from the photos and clips added that week
 * (server/features/video/video-suggestions.ts). "Use this" makes one the owner's own script, to edit and render.
 */
export function WeeklySuggestions({ brandReady, onNeedsBrand, onScript }: { brandReady: boolean; onNeedsBrand: () => void; onScript: (id: string) => void }) {
  const suggestions = useQuery(videoQueries.suggestions());
  const data = suggestions.data;
  if (!data) return null;
  const skipped = data.last_run?.outcome === 'skipped';
  return (
    <Stack gap="xs" aria-label="Suggested this week" role="region">
      <Text size="sm" c="dimmed">
        {data.results.length === 0
          ? 'Every Monday Mise suggests up to three videos made from the photos and clips you added that week. Add some to your media library to get the first ones.'
          : skipped
            ? 'Nothing new was added to your media library last week, so these suggestions are kept from before.'
            : 'Suggested from the photos and clips you added this week.'}
      </Text>
      {data.results.length > 0 && (
        <Group gap="sm" wrap="nowrap" style={{ overflowX: 'auto' }} pb={4}>
          {data.results.map((suggestion) => (
            <SuggestionCard key={suggestion.id} suggestion={suggestion} brandReady={brandReady} onNeedsBrand={onNeedsBrand} onScript={onScript} />
          ))}
        </Group>
      )}
    </Stack>
  );
}

function SuggestionCard({ suggestion, brandReady, onNeedsBrand, onScript }: { suggestion: VideoSuggestion; brandReady: boolean; onNeedsBrand: () => void; onScript: (id: string) => void }) {
  const queryClient = useQueryClient();
  const key = useRef(crypto.randomUUID());
  const use = useMutation({
    mutationFn: () => videoApi.scriptFromSuggestion(suggestion.id, key.current),
    onSuccess: (created) => {
      key.current = crypto.randomUUID();
      void queryClient.invalidateQueries({ queryKey: videoKeys.all });
      notifySuccess(VIDEO_MESSAGES.scriptCreated);
      onScript(created.id);
    },
    onError: (error) => notifyError(error, VIDEO_MESSAGES.scriptError),
  });
  return (
    <Card withBorder radius="lg" padding="xs" w={160} style={{ flex: '0 0 auto' }} aria-label={suggestion.title}>
      <Card.Section>
        <AspectRatio ratio={1}>
          {suggestion.thumbnail_url ? (
            <Image src={suggestion.thumbnail_url} alt="" fit="cover" />
          ) : (
            <Box bg="gray.1" style={{ display: 'grid', placeItems: 'center' }}>
              <IconPhoto size={28} color="var(--mantine-color-gray-5)" />
            </Box>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="xs">
        <Text fw={600} size="sm" lineClamp={2}>
          {suggestion.title}
        </Text>
        <Text size="xs" c="dimmed">
          {suggestion.scenes.length} scenes
        </Text>
        {suggestion.demo && <DemoBadge />}
        <Button size="sm" variant="light" loading={use.isPending} onClick={() => (brandReady ? use.mutate() : onNeedsBrand())}>
          Use this
        </Button>
      </Stack>
    </Card>
  );
}
