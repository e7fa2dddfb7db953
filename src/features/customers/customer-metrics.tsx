import { Box, Paper, Skeleton, Text, type MantineSpacing } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { groupDigits } from '../../contract/group-digits.ts';
import grids from '../../ui/grids.module.css';
import { customerMetricsQuery } from './customer-metrics-query.ts';

/** A tile's height with a two-line label at 360 px (xl figure + two sm lines + padding). */
const TILE_HEIGHT = 96;

/**
 * The customer list's figures at a glance (spec §1: "a customer list with segments and metrics"): who came in
 * lately, who is new, who has drifted away, and how many can be emailed. Two tiles a row on a phone, so the list
 * still starts on the first screen.
 */
export function CustomerMetrics(props: { mb?: MantineSpacing }) {
  const { data, isPending } = useQuery(customerMetricsQuery());
  // Still loading: four tiles of the same size hold the place, so what is below does not jump when they arrive.
  if (isPending) {
    return (
      <Box className={grids.metrics} aria-busy="true" aria-label="Customer figures loading" {...props}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} radius="md" h={TILE_HEIGHT} />
        ))}
      </Box>
    );
  }
  if (!data || data.total_customers === 0) return null;
  const tiles = [
    { label: 'Came in, last 30 days', value: groupDigits(data.active_last_30_days) },
    { label: 'New this month', value: groupDigits(data.new_this_month) },
    { label: 'Not seen in 90+ days', value: groupDigits(data.lapsed_customers) },
    { label: 'Can be emailed', value: groupDigits(data.email_subscribers) },
  ];
  return (
    <Box component="section" className={grids.metrics} aria-label="Customer figures" {...props}>
      {tiles.map((tile) => (
        <Paper key={tile.label} withBorder radius="md" p="sm" mih={TILE_HEIGHT} data-testid="customer-metric">
          <Text size="xl" fw={700} lh={1.2}>
            {tile.value}
          </Text>
          <Text size="sm" c="dimmed" lh={1.3}>
            {tile.label}
          </Text>
        </Paper>
      ))}
    </Box>
  );
}
