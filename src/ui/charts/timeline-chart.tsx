import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';

export type TimelinePoint = { label: string } & Record<string, number | string>;

type TimelineChartProps = {
  data: TimelinePoint[];
  series: Array<{ name: string; label: string; color: string }>;
  height?: number;
};

/** A small area chart over time (charts and recharts load with the screen that shows one: see lazy-chart.tsx). */
export default function TimelineChart({ data, series, height = 220 }: TimelineChartProps) {
  return (
    <AreaChart
      h={height}
      data={data}
      dataKey="label"
      series={series}
      curveType="monotone"
      withDots={false}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      tickLine="none"
      gridAxis="y"
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
      yAxisProps={{ allowDecimals: false, width: 32 }}
    />
  );
}
