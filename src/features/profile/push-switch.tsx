import { Paper, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { disablePush, enablePush, pushState, type PushState } from '../../lib/push/push-client.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';

const DESCRIPTIONS: Record<PushState, string> = {
  on: 'Mise tells this phone when an import, a campaign or a video is done, and before a scheduled send goes (the kinds switched on below).',
  off: 'Get a notification on this phone when an import, a campaign or a video is done, and before a scheduled send goes.',
  denied: 'Notifications are blocked for Mise in this browser. Allow them in its site settings, then come back.',
  unsupported: 'This browser cannot show notifications from Mise. On an iPhone, add Mise to the Home Screen first (Share → Add to Home Screen) and open it from there.',
};

/** "Notifications on this phone": this device's Web Push subscription (the switches below choose the kinds). */
export function PushSwitch() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void pushState().then(setState);
  }, []);
  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      const next = on ? await enablePush() : await disablePush();
      setState(next);
      if (next === 'on') notifySuccess('Notifications are on for this phone');
      if (next === 'off' && !on) notifySuccess('Notifications are off for this phone');
    } catch (error) {
      notifyError(error, on ? 'Notifications could not be turned on' : 'Notifications could not be turned off');
      setState(await pushState());
    } finally {
      setBusy(false);
    }
  };
  if (state === null) return null;
  return (
    <Paper withBorder radius="lg" mb="md" data-testid="push-switch">
      <Switch
        size="lg"
        labelPosition="left"
        label="Notifications on this phone"
        description={DESCRIPTIONS[state]}
        checked={state === 'on'}
        disabled={busy || state === 'unsupported' || state === 'denied'}
        onChange={(event) => void toggle(event.currentTarget.checked)}
        p="md"
        styles={{
          body: { justifyContent: 'space-between', gap: 'var(--mantine-spacing-md)' },
          labelWrapper: { flex: 1 },
          label: { fontWeight: 600, fontSize: 'var(--mantine-font-size-md)', paddingInline: 0 },
          description: { paddingInline: 0 },
        }}
      />
      {state === 'on' && (
        <Text size="xs" c="dimmed" px="md" pb="sm">
          Signing out turns them off on this phone.
        </Text>
      )}
    </Paper>
  );
}
