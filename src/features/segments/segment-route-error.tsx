import type { ErrorComponentProps } from '@tanstack/react-router';
import { RouteError } from '../../ui/route-status.tsx';

/** A segment screen that could not load: the spec's fallback text, and a way back to the list. */
export function SegmentRouteError(props: ErrorComponentProps) {
  return <RouteError {...props} fallback="Error fetching segments" back={{ to: '/customers/segments', label: 'Back to segments' }} />;
}
