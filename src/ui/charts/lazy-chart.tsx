import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';

const Timeline = lazy(() => import('./timeline-chart.tsx'));

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
