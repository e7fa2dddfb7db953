import { Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleCheckFilled } from '@tabler/icons-react';
import type { Plan } from '../../contract/subscriptions.ts';
import { dollarsPerMonth, longDate } from './money.ts';

type PlanCardProps = {
  plan: Plan;
  active: boolean;
  /** set when the active plan was cancelled: the day it ends */
  endsOn: string | null;
  /** what choosing this plan would be, from the active plan's price */
  change: 'upgrade' | 'downgrade';
  busy: boolean;
  onChoose: (plan: Plan) => void;
};

/** Spec §4: the active plan says 'Active' with a tick and has no action; Free has none; others offer the change (a cheaper plan is a downgrade). */
export function PlanCard({ plan, active, change, endsOn, busy, onChoose }: PlanCardProps) {
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-label={`${plan.name} plan`}
      style={active ? { borderColor: 'var(--mantine-color-teal-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" align="baseline" wrap="nowrap">
          <Title order={2} fz="xl">
            {plan.name}
          </Title>
          <Text fw={700} fz="lg">
            {dollarsPerMonth(plan.price)}
          </Text>
        </Group>
        <List spacing={6} size="sm" icon={<IconCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />} center>
          {Object.entries(plan.data).map(([title, description]) => (
            <List.Item key={title}>
              <Text span fw={600} size="sm">
                {title}:
              </Text>{' '}
              {description}
            </List.Item>
          ))}
        </List>
        {active ? (
          <Stack gap={2}>
            <Group gap={6} c="teal.7" wrap="nowrap">
              <ThemeIcon color="teal" variant="transparent" size="md">
                <IconCircleCheckFilled aria-hidden />
              </ThemeIcon>
              <Text fw={700}>{endsOn ? `Active until ${longDate(endsOn)}` : 'Active'}</Text>
            </Group>
            {endsOn && (
              <Text size="sm" c="dimmed">
                Cancelled: then you move to Free. Nothing more is charged.
              </Text>
            )}
          </Stack>
        ) : plan.id === 'free' ? null : (
          <Button size="lg" fullWidth variant={change === 'downgrade' ? 'default' : 'filled'} onClick={() => onChoose(plan)} loading={busy}>
            {change === 'downgrade' ? 'Downgrade' : 'Upgrade'} to {plan.name}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
