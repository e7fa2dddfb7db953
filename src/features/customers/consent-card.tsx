import { Button, Group, Modal, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import type { ConsentChannel, ConsentState, CustomerDetail } from '../../contract/customers.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { dateTime } from './customer-format.ts';
import { useConsentChange } from './customers-mutations.ts';

const HOW = ['In person at the counter', 'Signup sheet', 'Online form', 'By email reply', 'By text reply', 'Other'];
const LABELS: Record<ConsentChannel, string> = { email: 'Marketing emails', sms: 'Marketing texts (SMS)' };

function consentLine(state: ConsentState) {
  if (state.granted) return `Agreed ${dateTime(state.at)}${state.source ? ` · ${state.source}` : ''}`;
  if (state.withdrawn_at) return `Withdrawn ${dateTime(state.withdrawn_at)}`;
  return 'Not given';
}

/** Consent per channel with when and how; turning one on asks how the customer agreed. */
export function ConsentCard({ customer }: { customer: CustomerDetail }) {
  const change = useConsentChange(customer.id);
  const [asking, setAsking] = useState<ConsentChannel | null>(null);
  const [how, setHow] = useState<string | null>(HOW[0]!);

  const submit = (channel: ConsentChannel, granted: boolean, source?: string) =>
    change.mutate(
      { channel, granted, ...(source ? { source } : {}) },
      {
        onSuccess: () => {
          notifySuccess(granted ? `${LABELS[channel]}: consent recorded` : `${LABELS[channel]}: consent withdrawn`);
          setAsking(null);
        },
        onError: (error) => notifyError(error, 'Something went wrong'),
      },
    );

  const row = (channel: ConsentChannel, reachable: boolean) => {
    const state = customer.consent[channel];
    return (
      <Group justify="space-between" wrap="nowrap" mih={48}>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={500}>{LABELS[channel]}</Text>
          <Text size="sm" c="dimmed">
            {reachable ? consentLine(state) : channel === 'email' ? 'No email address' : 'No phone number'}
          </Text>
        </Stack>
        <Switch
          size="lg"
          aria-label={LABELS[channel]}
          checked={state.granted}
          disabled={change.isPending || (!reachable && !state.granted)}
          onChange={(event) => (event.currentTarget.checked ? setAsking(channel) : submit(channel, false))}
        />
      </Group>
    );
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="xs">
        Consent
      </Text>
      <Stack gap="xs">
        {row('email', Boolean(customer.email_address))}
        {row('sms', Boolean(customer.phone_number))}
      </Stack>
      <Modal opened={asking !== null} onClose={() => setAsking(null)} title={asking ? `${LABELS[asking]}: how did they agree?` : ''} centered>
        <Stack>
          <Select label="How consent was given" data={HOW} value={how} onChange={setHow} allowDeselect={false} size="md" />
          <Text size="sm" c="dimmed">
            Mise records today’s date and this answer, so you can show when and how the customer agreed.
          </Text>
          <Button size="md" loading={change.isPending} onClick={() => asking && submit(asking, true, how ?? 'Other')}>
            Record consent
          </Button>
        </Stack>
      </Modal>
    </Paper>
  );
}
