import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { segmentQueries } from './segments-queries.ts';

/** A segment's title and, in plain words, who is in it. */
export function SegmentHeader({ segmentId }: { segmentId: string }) {
  const { data } = useSuspenseQuery(segmentQueries.detail(segmentId));
  return (
    <Stack gap="xs" mb="md">
      <Title order={1} fz={24} lh={1.2}>
        {data.segmentation_title}
      </Title>
      {data.user_query && (
        <Text size="sm" c="dimmed">
          “{data.user_query}”
        </Text>
      )}
      <Group gap={6}>
        {data.conditions.map((line) => (
          <Badge key={line} variant="light" size="lg" radius="sm" tt="none" fw={500} style={{ height: 'auto', whiteSpace: 'normal', paddingBlock: 4 }}>
            {line}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}
