import { ActionIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCloudCheck, IconCloudOff, IconCloudUp } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useOnline } from '../../lib/offline/online.ts';
import { isAwaitedByScreen } from '../../lib/outbox/awaited.ts';
import { useOutbox } from '../../lib/outbox/use-outbox.ts';
import { useIntent } from '../../ui/on-intent.ts';
import classes from './sync-badge.module.css';

// The sheet (Drawer, focus trap, scroll lock) is fetched when the owner reaches for the cloud or a toast points to it.
const SyncSheet = lazy(() => import('./sync-sheet.tsx').then((m) => ({ default: m.SyncSheet })));

/**
 * The header's sync state, always visible: a cloud with the number of writes still waiting
 * (red when one needs the owner), offline shown by the crossed cloud. Tap for the list.
 */
export function SyncBadge() {
  const [opened, sheet] = useDisclosure(false);
  const intent = useIntent();
  const { want } = intent;
  const open = sheet.open;
  const openSheet = useCallback(() => {
    want();
    open();
  }, [want, open]);
  const { counts, ops } = useOutbox();
  const online = useOnline();
  const problems = counts.failed + counts.conflict + counts.auth;
  useProblemToasts(ops.filter((op) => op.status === 'failed' || op.status === 'conflict').map((op) => op.id), openSheet);

  const Icon = !online ? IconCloudOff : counts.total > 0 ? IconCloudUp : IconCloudCheck;
  const label =
    counts.total === 0
      ? online
        ? 'All changes saved'
        : 'Offline, nothing waiting'
      : `${counts.total} ${counts.total === 1 ? 'change' : 'changes'} waiting to sync${problems ? `, ${problems} need${problems === 1 ? 's' : ''} you` : ''}`;

  return (
    <>
      {/* The count on the badge in plain CSS (Mantine's Indicator was ~0.8 KB gzip of the signed-in first load). */}
      {/* In the saved home (src/lib/home-snapshot.ts) it keeps its place but not a state that was true then. */}
      <span className={classes.anchor} data-snapshot="hide">
        <ActionIcon variant="subtle" color={online ? 'gray' : 'orange'} size={44} radius="xl" onClick={openSheet} {...intent.intentProps} title={label} aria-label={label} data-testid="sync-badge">
          <Icon size={24} stroke={1.8} aria-hidden />
        </ActionIcon>
        {counts.total > 0 && (
          <span className={classes.count} data-problems={problems > 0 || undefined} data-processing={counts.sending > 0 || undefined} aria-hidden>
            {counts.total}
          </span>
        )}
      </span>
      {intent.wanted && (
        <Suspense fallback={null}>
          <SyncSheet opened={opened} onClose={sheet.close} />
        </Suspense>
      )}
    </>
  );
}

/**
 * A write the server refused is announced once, with a way to see it; it stays in the sheet until
 * dealt with. Refusals that arrive together (a reconnect) make one notice.
 */
function useProblemToasts(problemIds: string[], open: () => void) {
  const seen = useRef<Set<string> | null>(null);
  const unannounced = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const key = problemIds.join(',');
  const current = useRef<string[]>([]);
  current.current = problemIds;
  useEffect(() => {
    const ids = key ? key.split(',') : [];
    // What was already there when the app opened is shown by the red badge, not re-announced.
    if (!seen.current) {
      seen.current = new Set(ids);
      return;
    }
    // A refusal the screen that made the change is showing itself (its form has the reason) is not
    // announced here: it leaves the outbox a moment later, and the cloud would contradict the toast.
    const fresh = ids.filter((id) => !seen.current!.has(id) && !isAwaitedByScreen(id));
    for (const id of fresh) seen.current.add(id);
    if (fresh.length === 0) return;
    for (const id of fresh) unannounced.current.add(id);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      // Only what is still in the sheet when the notice goes up: the toast and the cloud always agree.
      const count = [...unannounced.current].filter((id) => current.current.includes(id) && !isAwaitedByScreen(id)).length;
      unannounced.current.clear();
      if (count === 0) return;
      notifications.show({
        color: 'red',
        title: count === 1 ? 'A change was not saved' : `${count} changes were not saved`,
        message: `Tap the cloud at the top to see why, then retry or discard ${count === 1 ? 'it' : 'them'}.`,
        autoClose: 8000,
        onClick: open,
        style: { cursor: 'pointer' },
      });
    }, 600);
  }, [key, open]);
  useEffect(() => () => clearTimeout(timer.current), []);
}
