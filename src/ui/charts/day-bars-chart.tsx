import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { TimelinePoint } from './timeline-chart.tsx';

type DayBarsProps = {
  data: TimelinePoint[];
  series: Array<{ name: string; label: string; color: string }>;
  height?: number;
};

/** Counts per day as bars (charts and recharts load with the screen that shows one: see lazy-chart.tsx). */
export default function DayBarsChart({ data, series, height = 200 }: DayBarsProps) {
  return (
    <BarChart
      h={height}
      data={data}
      dataKey="label"
      series={series}
      tickLine="none"
      gridAxis="y"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
      yAxisProps={{ allowDecimals: false, width: 32 }}
      aria-label="Per day"
    />
  );
}
