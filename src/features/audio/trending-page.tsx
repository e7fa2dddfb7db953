import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
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
import classes from "./trending.module.css";

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
        <Stack gap="xs">
          <div className={`${classes.row} ${classes.header}`} aria-hidden>
            {COLUMNS.map((column, i) => (
              <Text key={column} size="xs" c="dimmed" fw={600} className={i > 0 && i < 4 ? classes.number : undefined}>
                {column}
              </Text>
            ))}
          </div>
          <Stack gap="xs" aria-label="Trending audios" role="list">
            {trending.results.map((sound) => (
              <Paper key={sound.music_id} withBorder radius="lg" p="sm" role="listitem" className={classes.row}>
                <div className={classes.sound}>
                  <Text size="sm" fw={600}>
                    {sound.hashtags.length ? sound.hashtags.map((tag) => `#${tag}`).join(" ") : "—"}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {sound.videos} {sound.videos === 1 ? "video" : "videos"}
                  </Text>
                </div>
                <Figure label="Play Count" value={sound.play_count} />
                <Figure label="Comments" value={sound.comments} />
                <Figure label="Shares" value={sound.shares} />
                <Stack gap={0}>
                  <Text size="xs" c="dimmed" className={classes.label}>
                    Download
                  </Text>
                  <Anchor href={sound.url} target="_blank" rel="noreferrer" size="sm" aria-label={`Get sound ${sound.music_id} on TikTok`}>
                    <Group gap={4} wrap="nowrap">
                      On TikTok <IconExternalLink size={14} />
                    </Group>
                  </Anchor>
                </Stack>
              </Paper>
            ))}
          </Stack>
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        TikTok does not let apps download its sounds: “On TikTok” opens the
        sound, where you can save it and use it in your video.
      </Text>
    </Stack>
  );
}

/** The spec's columns; on a phone each card names them beside its figures instead. */
const COLUMNS = ["#Hashtags", "Play Count", "Comments", "Shares", "Download"] as const;

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} className={classes.number}>
      <Text size="xs" c="dimmed" className={classes.label}>
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {number.format(value)}
      </Text>
    </Stack>
  );
}
