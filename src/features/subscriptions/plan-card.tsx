import { Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleCheckFilled } from '@tabler/icons-react';
import type { Plan } from '../../contract/subscriptions.ts';
import { dollarsPerMonth, longDate } from './money.ts';

type PlanCardProps = {
  plan: Plan;
  active: boolean;
  /** set when the active plan was cancelled: the day it ends */
  endsOn: string | null;
  busy: boolean;
  onUpgrade: (plan: Plan) => void;
};

/** Spec §4: the active plan says 'Active' with a tick and has no action; Free has none; others offer the upgrade. */
export function PlanCard({ plan, active, endsOn, busy, onUpgrade }: PlanCardProps) {
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
          <Group gap={6} c="teal.7">
            <ThemeIcon color="teal" variant="transparent" size="md">
              <IconCircleCheckFilled aria-hidden />
            </ThemeIcon>
            <Text fw={700}>Active</Text>
            {endsOn && (
              <Text size="sm" c="dimmed">
                until {longDate(endsOn)}, then Free
              </Text>
            )}
          </Group>
        ) : plan.id === 'free' ? null : (
          <Button size="lg" fullWidth onClick={() => onUpgrade(plan)} loading={busy}>
            Upgrade to {plan.name}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
