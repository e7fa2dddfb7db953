import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SendSummary } from '../../contract/sending.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { sendingApi } from './sending-api.ts';
import { sendingKeys } from './sending-queries.ts';

type SendControlsProps = {
  send: SendSummary;
  /** Rows that may or may not have gone out after a crash mid-send. */
  uncertain: number;
  /** Query keys to refresh after an action (the channel's report). */
  onChanged: () => void;
};

/** Pause, resume or stop a send in progress; and the owner's call on "uncertain" rows. */
export function SendControls({ send, uncertain, onChanged }: SendControlsProps) {
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<'cancel' | 'resend' | null>(null);
  const act = useMutation({
    mutationFn: (action: 'pause' | 'resume' | 'cancel' | 'resend-uncertain') => sendingApi.act(send.id, action),
    onSuccess: async (result) => {
      notifySuccess(result.message);
      setConfirm(null);
      await queryClient.invalidateQueries({ queryKey: [...sendingKeys.all, send.id] });
      onChanged();
    },
    onError: (error) => notifyError(error, 'Something went wrong'),
  });
  const running = send.status === 'sending' || send.status === 'pending';
  return (
    <Stack gap="sm">
      {!send.delivers && (
        <Alert color="gray" title="Not really sent">
          {send.channel === 'sms'
            ? send.transport
            : `${send.transport}: this Mise has no mail server connected yet, so each message is saved as a file on the server instead of being delivered.`}
        </Alert>
      )}
      {(running || send.status === 'paused') && (
        <Group grow>
          {running ? (
            <Button variant="light" size="md" onClick={() => act.mutate('pause')} loading={act.isPending && act.variables === 'pause'}>
              Pause
            </Button>
          ) : (
            <Button variant="light" size="md" onClick={() => act.mutate('resume')} loading={act.isPending && act.variables === 'resume'}>
              Resume
            </Button>
          )}
          <Button variant="light" color="red" size="md" onClick={() => setConfirm('cancel')}>
            Stop sending
          </Button>
        </Group>
      )}
      {uncertain > 0 && (
        <Alert color="yellow" title={`${uncertain} may or may not have received it`}>
          <Stack gap="xs">
            <Text size="sm">The server stopped while these were being handed over. Mise did not send them again on its own, so nobody gets two.</Text>
            <Button variant="white" size="md" onClick={() => setConfirm('resend')}>
              Send to these {uncertain} again
            </Button>
          </Stack>
        </Alert>
      )}
      <ConfirmModal
        opened={confirm === 'cancel'}
        title="Stop this campaign?"
        message="Nobody else will get it. Those who already did keep it. This cannot be undone."
        confirmLabel="Stop sending"
        loading={act.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => act.mutate('cancel')}
      />
      <ConfirmModal
        opened={confirm === 'resend'}
        title={`Send to ${uncertain} again?`}
        message="Some of them may already have it and would get it twice."
        confirmLabel="Send again"
        loading={act.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => act.mutate('resend-uncertain')}
      />
    </Stack>
  );
}
