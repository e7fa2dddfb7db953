import '@mantine/charts/styles.css';
import { BarChart, LineChart, PieChart } from '@mantine/charts';
import { Box, Group, Stack, Text } from '@mantine/core';
import type { AskGraphJson } from '../../contract/ask.ts';
import { CHART_PALETTE, chartColor } from '../../ui/charts/chart-palette.ts';
import { BAR_LABEL_CHARS, formatLabel, formatTick, formatValue, shortLabel, type DrawnType } from './ask-format.ts';

type Props = { graph: AskGraphJson & { graph_type: DrawnType } };

/** Pie slices past this many are summed as "Other" (the table keeps every one). */
const PIE_SLICES = CHART_PALETTE.length;

/**
 * One Ask chart at a phone's 360 px: values printed on the bars where they fit, the exact figure on tap
 * (tooltip), long or many labels turned into horizontal bars so every name can be read.
 */
export default function AskChart({ graph }: Props) {
  const { labels, values } = graph.data;
  const unit = graph.unit;
  const format = (value: number) => formatValue(value, unit);
  const rows = labels.map((label, i) => ({ label, value: values[i] ?? 0 }));
  // The tooltip on tap names the bar or point and its figure; a short series name keeps it inside a 360 px screen.
  const seriesLabel = unit === 'dollars' ? 'Amount' : 'Count';

  if (graph.graph_type === 'pie') {
    // In the order given (the same colours as the bars before it); only past six slices are the smallest summed.
    const sorted = rows.length > PIE_SLICES ? [...rows].sort((a, b) => b.value - a.value) : rows;
    const shown = sorted.length > PIE_SLICES ? [...sorted.slice(0, PIE_SLICES - 1), { label: 'Other', value: sorted.slice(PIE_SLICES - 1).reduce((sum, r) => sum + r.value, 0) }] : sorted;
    const total = shown.reduce((sum, r) => sum + r.value, 0) || 1;
    const data = shown.map((r, i) => ({ name: r.label, value: r.value, color: chartColor(i) }));
    return (
      <Stack gap="sm" align="center" data-testid="ask-chart" data-chart="pie">
        <PieChart data={data} size={150} withTooltip tooltipDataSource="segment" valueFormatter={format} strokeWidth={1} />
        <Stack gap={6} w="100%">
          {data.map((slice) => (
            <Group key={slice.name} gap={8} wrap="nowrap">
              <Box w={12} h={12} style={{ borderRadius: 3, background: slice.color, flexShrink: 0 }} />
              <Text size="sm" truncate style={{ flex: 1 }}>
                {slice.name}
              </Text>
              <Text size="sm" c="dimmed">
                {format(slice.value)}
              </Text>
              <Text size="sm" fw={600} w={44} ta="right">
                {Math.round((slice.value / total) * 100)} %
              </Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    );
  }

  if (graph.graph_type === 'line') {
    return (
      <Box data-testid="ask-chart" data-chart="line">
        <LineChart
          h={200}
          data={rows}
          dataKey="label"
          series={[{ name: 'value', label: seriesLabel, color: CHART_PALETTE[0] }]}
          curveType="monotone"
          withDots={rows.length <= 14}
          tickLine="none"
          gridAxis="y"
          valueFormatter={format}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 28 }}
          yAxisProps={{ width: 44, tickFormatter: (value: number) => formatTick(value, unit) }}
        />
      </Box>
    );
  }

  if (graph.graph_type === 'comparison') {
    // Two periods side by side, each its own colour, named in the legend.
    const [first, second] = rows;
    return (
      <Box data-testid="ask-chart" data-chart="comparison">
        <BarChart
          h={200}
          data={[{ label: graph.title, first: first?.value ?? 0, second: second?.value ?? 0 }]}
          dataKey="label"
          series={[
            { name: 'first', label: first?.label ?? '', color: CHART_PALETTE[0] },
            { name: 'second', label: second?.label ?? '', color: CHART_PALETTE[1] },
          ]}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          withXAxis={false}
          // The two figures are printed on the bars: an axis would only crowd a phone's width.
          withYAxis={false}
          withBarValueLabel
          valueLabelProps={{ fontSize: 12, formatter: (value: unknown) => formatTick(Number(value), unit) }}
          valueFormatter={format}
          tickLine="none"
          gridAxis="y"
          maxBarWidth={72}
          yAxisProps={{ width: 44, tickFormatter: (value: number) => formatTick(value, unit) }}
        />
      </Box>
    );
  }

  // Bars: horizontal when names are long or many (a phone cannot fit them under the bars).
  const horizontal = rows.length > 7 || rows.some((r) => r.label.length > 5);
  // Long names (a campaign's title, a segment's) are cut to fit; the tooltip on tap and the table keep them whole.
  const labelWidth = Math.min(BAR_LABEL_CHARS * 7 + 8, Math.max(...rows.map((r) => r.label.length)) * 7 + 8);
  return (
    <Box data-testid="ask-chart" data-chart="bar">
      <BarChart
        h={horizontal ? rows.length * 34 + 36 : 200}
        data={rows}
        dataKey="label"
        orientation={horizontal ? 'vertical' : 'horizontal'}
        series={[{ name: 'value', label: seriesLabel, color: CHART_PALETTE[0] }]}
        withBarValueLabel={rows.length <= 12}
        // On the bars, short figures that fit ("$824", "1.2k"); the exact one on tap and in the table.
        valueLabelProps={horizontal ? { fontSize: 12, formatter: (value: unknown) => formatLabel(Number(value), unit) } : { fontSize: 11, formatter: (value: unknown) => formatTick(Number(value), unit) }}
        valueFormatter={format}
        tickLine="none"
        gridAxis={horizontal ? 'none' : 'y'}
        maxBarWidth={40}
        xAxisProps={horizontal ? { hide: true } : { interval: 0 }}
        yAxisProps={horizontal ? { width: labelWidth, tickFormatter: (label: string) => shortLabel(label) } : { width: 44, tickFormatter: (value: number) => formatTick(value, unit) }}
        // Room on the right for the value printed after the longest bar.
        barChartProps={horizontal ? { margin: { right: 56 } } : undefined}
      />
    </Box>
  );
}
