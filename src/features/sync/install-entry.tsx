import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconDeviceMobileDown, IconShare2, IconSquarePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { promptInstall, useInstallState } from '../../lib/offline/install-prompt.ts';
import classes from './dock.module.css';

const DISMISSED_KEY = 'mise.installDismissedAt';
const ASK_AGAIN_AFTER_MS = 14 * 24 * 3600 * 1000;

const dismissedRecently = () => {
  const at = Number(localStorage.getItem(DISMISSED_KEY) ?? 0);
  return Date.now() - at < ASK_AGAIN_AFTER_MS;
};

/**
 * "Install Mise": the browser's install dialog where there is one (Chromium on Android and
 * desktop), and on iOS Safari the two taps that do it (Share → Add to Home Screen).
 * "Not now" hides it for two weeks. Docked above the bottom bar (dock.module.css): it arrives late and must
 * not push the screen down.
 */
export function InstallEntry() {
  const { canPrompt, installed, ios } = useInstallState();
  const [hidden, setHidden] = useState(dismissedRecently);
  if (installed || hidden || !(canPrompt || ios)) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, String(Date.now()));
    setHidden(true);
  };
  return (
    <Paper withBorder radius="md" p="xs" pl="sm" className={classes.dock} data-snapshot="omit" data-testid="install-entry">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconDeviceMobileDown size={26} color="var(--mantine-color-paprika-6)" aria-hidden style={{ flexShrink: 0 }} />
          {ios ? (
            <Text size="sm" data-testid="install-ios-steps">
              <b>Install Mise:</b> tap <IconShare2 size={16} aria-label="Share" style={{ verticalAlign: 'text-bottom' }} /> <b>Share</b> in Safari,
              then <IconSquarePlus size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> <b>Add to Home Screen</b>. Photos: in Mise,
              Media → Add new → Upload files → <b>Photo library</b> takes many at once.
            </Text>
          ) : (
            <Text size="sm" lh={1.3}>
              <b>Install Mise</b> on this device: it opens like an app, works offline, and photos can be shared to it from the gallery.
            </Text>
          )}
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {canPrompt && !ios && (
            <Button size="sm" h={44} onClick={() => void promptInstall()} aria-label="Install Mise">
              Install
            </Button>
          )}
          <CloseButton aria-label="Not now" onClick={dismiss} size="xl" />
        </Group>
      </Group>
    </Paper>
  );
}
