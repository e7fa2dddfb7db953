import { Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { truncateQuery, VIDEO_LIMITS } from '../../../../contract/video-limits.ts';
import { BackLink } from '../../../../features/video/back-link.tsx';
import { videoQueries } from '../../../../features/video/video-queries.ts';
import { PageHeader } from '../../../../ui/page-header.tsx';

const SearchSchema = v.object({ all: v.optional(v.boolean(), false) });

export const Route = createFileRoute('/_app/campaigns/video-campaigns/scripts')({
  validateSearch: SearchSchema,
  loaderDeps: ({ search }) => ({ limit: search.all ? VIDEO_LIMITS.scriptListLong : VIDEO_LIMITS.scriptListShort }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(videoQueries.scripts(deps.limit)),
  component: ScriptsPage,
});

/** Scripts: the latest 5, or all (up to 100). */
function ScriptsPage() {
  const { all } = Route.useSearch();
  const limit = all ? VIDEO_LIMITS.scriptListLong : VIDEO_LIMITS.scriptListShort;
  const { data } = useSuspenseQuery(videoQueries.scripts(limit));
  return (
    <>
      <BackLink to="/campaigns/video-campaigns" label="Video campaigns" />
      <PageHeader title="Your scripts" />
      <Stack gap="sm">
        {data.length === 0 && <Text c="dimmed">No scripts yet: write a concept on the video home.</Text>}
        {data.map((script) => (
          <Paper key={script.id} withBorder radius="lg" p="sm" renderRoot={(props) => <Link {...props} to="/edit-concept/script/$id" params={{ id: script.id }} />}>
            <Text fw={600}>{script.title}</Text>
            <Text size="sm" c="dimmed">
              {truncateQuery(script.query)} · {script.scenes.length} scenes
            </Text>
          </Paper>
        ))}
        {!all && data.length === VIDEO_LIMITS.scriptListShort && (
          <Button renderRoot={(props) => <Link {...props} to="/campaigns/video-campaigns/scripts" search={{ all: true }} />} variant="light">
            Show all
          </Button>
        )}
        {all && (
          <Anchor renderRoot={(props) => <Link {...props} to="/campaigns/video-campaigns/scripts" search={{ all: false }} />}>
            Show the latest 5
          </Anchor>
        )}
      </Stack>
    </>
  );
}
