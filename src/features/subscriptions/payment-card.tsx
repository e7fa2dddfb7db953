import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import type { Plan, SubscriptionSummary } from '../../contract/subscriptions.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { CardModal } from './card-modal.tsx';
import { cardBrandName, dollarsPerMonth, longDate } from './money.ts';
import { useCancelPlan } from './subscriptions-mutations.ts';

/** The payment card page: the card on file (brand and last four only), replacing it, and cancelling the plan. */
export function PaymentCard({ summary, plans }: { summary: SubscriptionSummary; plans: Plan[] }) {
  const [replacing, setReplacing] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const cancel = useCancelPlan();
  const { card } = summary;
  const plan = plans.find((p) => p.id === (summary.activeSubscription ?? 'free'));
  const paid = summary.activeSubscription !== null && summary.activeSubscription !== 'free';

  const handleCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        setConfirmCancel(false);
      },
      onError: (error) => notifyError(error, 'Something went wrong'),
    });

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg" component="section" aria-label="Card on file">
        <Stack gap="md">
          <Title order={2} fz="lg">
            Card
          </Title>
          {card ? (
            <Group gap="md" wrap="nowrap">
              <IconCreditCard size={36} aria-hidden />
              <Stack gap={0}>
                <Text fw={700}>
                  {cardBrandName(card.brand)} •••• {card.last4}
                </Text>
                <Text size="sm" c="dimmed">
                  {[card.name, card.expMonth && card.expYear ? `Expires ${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}` : null]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
            </Group>
          ) : (
            <Text c="dimmed">No card on file. Add one to upgrade in one tap.</Text>
          )}
          <Button variant="light" size="lg" onClick={() => setReplacing(true)}>
            {card ? 'Replace card' : 'Add a card'}
          </Button>
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p="lg" component="section" aria-label="Plan">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Plan
          </Title>
          <Text>
            {plan?.name ?? 'Free'} · {dollarsPerMonth(plan?.price ?? 0)}
          </Text>
          {paid && summary.activeSubscriptionEnd && (
            <Text size="sm" c="dimmed">
              {summary.cancelAtPeriodEnd
                ? `Cancelled: stays active until ${longDate(summary.activeSubscriptionEnd)}, then Free.`
                : `Renews on ${longDate(summary.activeSubscriptionEnd)}.`}
            </Text>
          )}
          {paid && !summary.cancelAtPeriodEnd && (
            <Button variant="subtle" color="red" size="md" onClick={() => setConfirmCancel(true)}>
              Cancel plan
            </Button>
          )}
        </Stack>
      </Paper>

      <CardModal opened={replacing} onClose={() => setReplacing(false)} plan={null} billing={summary.billing} />
      <Modal opened={confirmCancel} onClose={() => setConfirmCancel(false)} title={`Cancel ${plan?.name ?? 'your'} plan?`} centered>
        <Stack gap="md">
          <Text>
            You keep {plan?.name} until {summary.activeSubscriptionEnd ? longDate(summary.activeSubscriptionEnd) : 'the end of this period'}, then move to Free. Nothing
            more is charged.
          </Text>
          <Button color="red" size="lg" onClick={handleCancel} loading={cancel.isPending}>
            Cancel plan
          </Button>
          <Button variant="default" size="lg" onClick={() => setConfirmCancel(false)}>
            Keep my plan
          </Button>
        </Stack>
      </Modal>
    </Stack>
  );
}
