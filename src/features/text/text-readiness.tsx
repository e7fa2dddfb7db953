import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { TextReadiness } from '../../contract/text.ts';

/** Spec §5 before a text can be made: the message verbatim and the one button that fixes it. */
export function ReadinessNotice({ readiness }: { readiness: TextReadiness }) {
  return (
    <Stack gap="sm">
      {!readiness.ready && readiness.message && (
        <Alert color="orange" icon={<IconAlertTriangle size={20} />} data-testid="text-readiness">
          <Stack gap="xs">
            <Text fw={600}>{readiness.message}</Text>
            {readiness.redirect && (
              <Group>
                <Button size="md" renderRoot={(props) => <Link {...props} to={readiness.redirect as '/settings/pos'} />}>
                  {readiness.redirect === '/settings/pos' ? 'Open Point of sale' : 'Open Restaurant content'}
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      {!readiness.delivers && <NotDeliveringNotice />}
    </Stack>
  );
}

/** Without Twilio, texts are written to a file on the server: say so plainly wherever a text could be sent. */
export function NotDeliveringNotice() {
  return (
    <Alert color="gray" icon={<IconInfoCircle size={20} />} data-testid="texts-not-sent">
      Texts are not being sent: this Mise has no Twilio account, so each text is written to the server&apos;s local outbox instead of a phone.
    </Alert>
  );
}

/** Texts this month against the plan's allowance. */
export function TextsUsage({ readiness }: { readiness: TextReadiness }) {
  if (readiness.texts_limit === null) return null;
  const percent = readiness.texts_limit > 0 ? Math.min(100, (readiness.texts_used / readiness.texts_limit) * 100) : 100;
  return (
    <Stack gap={4} data-testid="texts-usage">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Texts this month
        </Text>
        <Text size="sm" c="dimmed">
          {readiness.texts_used.toLocaleString('en-US')} of {readiness.texts_limit.toLocaleString('en-US')}
        </Text>
      </Group>
      <Progress value={percent} color={percent >= 90 ? 'red' : 'teal'} aria-label="Texts used this month" />
    </Stack>
  );
}
