import { createFileRoute, Outlet } from '@tanstack/react-router';

// The /customers/segments section: the list (index), the creation chat (new) and one segment ($segmentId).
export const Route = createFileRoute('/_app/customers/segments')({
  component: Outlet,
});
