import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';

const AskChart = lazy(() => import('./ask-chart.tsx'));

/** The chart loads with the first answer that has one: recharts costs nothing before. */
export function LazyAskChart(props: ComponentProps<typeof AskChart>) {
  return (
    <Suspense
      fallback={
        <Center h={200}>
          <Loader size="sm" aria-label="Loading the chart" />
        </Center>
      }
    >
      <AskChart {...props} />
    </Suspense>
  );
}
