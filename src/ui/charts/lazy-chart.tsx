import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';

const Timeline = lazy(() => import('./timeline-chart.tsx'));
const DayBars = lazy(() => import('./day-bars-chart.tsx'));

/** The timeline chart, loaded when first shown: recharts costs nothing on screens without a chart. */
export function LazyTimelineChart(props: ComponentProps<typeof Timeline>) {
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? 220}>
          <Loader size="sm" aria-label="Loading the chart" />
        </Center>
      }
    >
      <Timeline {...props} />
    </Suspense>
  );
}

/** Counts per day as bars, loaded when first shown. */
export function LazyDayBarsChart(props: ComponentProps<typeof DayBars>) {
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? 200}>
          <Loader size="sm" aria-label="Loading the chart" />
        </Center>
      }
    >
      <DayBars {...props} />
    </Suspense>
  );
}
