import { createFileRoute } from '@tanstack/react-router';
import { RouteNotFound } from '../../ui/route-status.tsx';

// Any address no other route has, shown inside the signed-in shell (signed out: sign in first, then this screen).
export const Route = createFileRoute('/_app/$')({
  component: RouteNotFound,
});
