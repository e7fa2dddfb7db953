import { notificationsStore, useNotifications, type NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The toasts' renderer (transitions, portal, drag to dismiss: ~7 KB gzip) is fetched when the first toast is shown,
// not before the first paint. `notifications.show` only writes to the store, which stays in the entry.
const Notifications = lazy(() => import('mise:notifications-renderer').then((m) => ({ default: m.Notifications })));

/** <Notifications> mounted on the first toast. Position and limit are set on the store at once, so what is shown
 * before the renderer arrives is queued by the same rule. */
export function LazyNotifications(props: NotificationsProps & { limit: number; position: NonNullable<NotificationsProps['position']> }) {
  // Silent (no listener called): the store's rule for what shows and what waits, before any toast is added.
  useState(() => notificationsStore.updateState((current) => ({ ...current, limit: props.limit, defaultPosition: props.position })));
  const state = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && (state.notifications.length > 0 || state.queue.length > 0)) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  ) : null;
}
