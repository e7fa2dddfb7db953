/**
 * The route convention (README, "Routes"): a route's `loader` awaits `queryClient.ensureQueryData(xQueries.y())`
 * (or ensureInfiniteQueryData) and its component reads the same options with `useSuspenseQuery`. Data restored
 * from the persisted cache answers at once, even offline, and the query refreshes it when it is stale. A route
 * whose data cannot be had shows the router's default error screen (src/ui/route-status.tsx), which says when
 * the phone is offline; the pending screen shows while a loader waits.
 *
 * The offline variant, for screens that open with nothing cached and say so themselves (the media library, the
 * customer list): the loader wraps its work in `tolerateFailure`, so a failed fetch never replaces the screen
 * with the error screen, and the component uses `useQuery` and shows its own offline or empty state.
 */
export function tolerateFailure(work: Promise<unknown>): Promise<void> {
  return work.then(
    () => undefined,
    () => undefined,
  );
}
