import { Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { Usage } from '../../contract/subscriptions.ts';

const count = (n: number) => n.toLocaleString('en-US');

/** How much of the plan is used. Figures not counted yet (their feature is not built) say so instead of guessing. */
export function UsageBars({ usage, planName }: { usage: Usage[]; planName: string }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="Usage">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Your {planName} plan usage
        </Title>
        {usage.map((item) => {
          const percent = item.limit > 0 ? Math.min(100, (item.used / item.limit) * 100) : 100;
          return (
            <Stack key={item.key} gap={4}>
              <Text size="sm" fw={600}>
                {item.label}: {count(item.used)} of {count(item.limit)}
              </Text>
              <Progress
                value={percent}
                color={item.used > item.limit ? 'red' : percent >= 80 ? 'orange' : 'teal'}
                size="lg"
                radius="xl"
                aria-label={`${item.label}: ${count(item.used)} of ${count(item.limit)}`}
              />
              {!item.counted && (
                <Text size="xs" c="dimmed">
                  Counting starts when this kind of campaign arrives in Mise.
                </Text>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
