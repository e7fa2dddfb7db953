import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import {
  IconExternalLink,
  IconInfoCircle,
  IconRefresh,
} from "@tabler/icons-react";
import {
  useMutation,
  useQueryClient,
  useSuspenseQuery,
} from "@tanstack/react-query";
import { AUDIO_MESSAGES } from "../../contract/audio.ts";
import { notifyError, notifySuccess } from "../../ui/notify.ts";
import { audioApi } from "./audio-api.ts";
import { audioKeys, audioQueries } from "./audio-queries.ts";

const number = new Intl.NumberFormat("en-US", {
  notation: "compact",
  maximumFractionDigits: 1,
});
const when = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
});

/**
 * Trending Audios (spec §2: #Hashtags, Play Count, Comments, Shares, Download) and its refresh call. The figures
 * are TikTok's (Research API), summed over the recent food videos using each sound; with no source set up the
 * page says what it needs and shows no figures.
 */
export function TrendingPage() {
  const trending = useSuspenseQuery(audioQueries.trending()).data;
  const queryClient = useQueryClient();
  const refresh = useMutation({
    mutationFn: () => audioApi.refreshTrending(),
    onSuccess: (result) => {
      queryClient.setQueryData(audioKeys.trending(), result.trending);
      notifySuccess(result.message);
    },
    onError: (error) =>
      notifyError(error, "Trending audios could not be refreshed"),
  });

  if (trending.source === "none") {
    return (
      <Stack gap="md">
        <Alert
          color="blue"
          icon={<IconInfoCircle size={20} />}
          title="Not set up yet"
        >
          {trending.setup}
        </Alert>
        <Text c="dimmed" ta="center" py="lg">
          {AUDIO_MESSAGES.trendingEmpty}
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" c="dimmed">
          Sounds of the most-viewed recent food and café videos on TikTok in{" "}
          {trending.region}, by TikTok’s own figures.
          {trending.fetched_at
            ? ` Gathered ${when.format(new Date(trending.fetched_at))}.`
            : " Not gathered yet."}
        </Text>
        <Button
          variant="light"
          leftSection={<IconRefresh size={18} />}
          onClick={() => refresh.mutate()}
          loading={refresh.isPending}
          style={{ flexShrink: 0 }}
        >
          Refresh
        </Button>
      </Group>
      {trending.results.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {AUDIO_MESSAGES.trendingEmpty}
        </Text>
      ) : (
        <>
          <Stack
            gap="xs"
            hiddenFrom="sm"
            aria-label="Trending audios"
            role="list"
          >
            {trending.results.map((sound) => (
              <Paper
                key={sound.music_id}
                withBorder
                radius="lg"
                p="sm"
                role="listitem"
              >
                <Text size="sm" fw={600}>
                  {sound.hashtags.length
                    ? sound.hashtags.map((tag) => `#${tag}`).join(" ")
                    : "—"}
                </Text>
                <Text size="xs" c="dimmed" mb={6}>
                  {sound.videos} {sound.videos === 1 ? "video" : "videos"}
                </Text>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Figure label="Play Count" value={sound.play_count} />
                  <Figure label="Comments" value={sound.comments} />
                  <Figure label="Shares" value={sound.shares} />
                  <Stack gap={0}>
                    <Text size="xs" c="dimmed">
                      Download
                    </Text>
                    <Anchor
                      href={sound.url}
                      target="_blank"
                      rel="noreferrer"
                      size="sm"
                      aria-label={`Get sound ${sound.music_id} on TikTok`}
                    >
                      <Group gap={4} wrap="nowrap">
                        On TikTok <IconExternalLink size={14} />
                      </Group>
                    </Anchor>
                  </Stack>
                </Group>
              </Paper>
            ))}
          </Stack>
          <Table.ScrollContainer minWidth={520} visibleFrom="sm">
            <Table striped verticalSpacing="sm" aria-label="Trending audios">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#Hashtags</Table.Th>
                  <Table.Th ta="right">Play Count</Table.Th>
                  <Table.Th ta="right">Comments</Table.Th>
                  <Table.Th ta="right">Shares</Table.Th>
                  <Table.Th>Download</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {trending.results.map((sound) => (
                  <Table.Tr key={sound.music_id}>
                    <Table.Td>
                      <Text size="sm">
                        {sound.hashtags.length
                          ? sound.hashtags.map((tag) => `#${tag}`).join(" ")
                          : "—"}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {sound.videos} {sound.videos === 1 ? "video" : "videos"}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {number.format(sound.play_count)}
                    </Table.Td>
                    <Table.Td ta="right">
                      {number.format(sound.comments)}
                    </Table.Td>
                    <Table.Td ta="right">
                      {number.format(sound.shares)}
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        href={sound.url}
                        target="_blank"
                        rel="noreferrer"
                        size="sm"
                        aria-label={`Get sound ${sound.music_id} on TikTok`}
                      >
                        <Group gap={4} wrap="nowrap">
                          On TikTok <IconExternalLink size={14} />
                        </Group>
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <Text size="xs" c="dimmed">
        TikTok does not let apps download its sounds: “On TikTok” opens the
        sound, where you can save it and use it in your video.
      </Text>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {number.format(value)}
      </Text>
    </Stack>
  );
}
