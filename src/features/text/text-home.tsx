import { Anchor, Button, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { TEXT_CATEGORIES, TEXT_LIMITS, type TextCategory } from '../../contract/text.ts';
import { displayNameOf, useSession } from '../../lib/session.ts';
import { notifyError } from '../../ui/notify.ts';
import { TextListState, TextTable } from './text-campaign-views.tsx';
import { CATEGORY_ICONS } from './text-format.ts';
import { textQueries } from './text-queries.ts';
import { ReadinessNotice, TextsUsage } from './text-readiness.tsx';
import classes from './text.module.css';

/** Spec §2 text home: the greeting, the eleven ideas, the AI-written texts, and the first five of History. */
export function TextHome() {
  const session = useSession();
  const navigate = useNavigate();
  const readiness = useQuery(textQueries.readiness());
  const sent = useQuery(textQueries.campaigns('sent'));
  const all = useQuery(textQueries.campaigns('all'));

  const start = (category: TextCategory) => {
    const ready = readiness.data;
    if (ready && !ready.ready) {
      // Spec §5: the message, then the screen that fixes it.
      notifyError(null, ready.message ?? '');
      if (ready.redirect) void navigate({ to: ready.redirect as '/settings/pos' });
      return;
    }
    void navigate({ to: '/campaigns/text-campaigns/ai', search: { category } });
  };

  return (
    <Stack gap="xl">
      <Title order={1} fz={24} lh={1.25}>
        Hello {displayNameOf(session?.name ?? '') || 'there'}, What kind of text would you like to make?
      </Title>
      {readiness.data && <ReadinessNotice readiness={readiness.data} />}

      <Stack gap="xs" data-testid="text-ideas">
        {TEXT_CATEGORIES.map((category) => {
          const Icon = CATEGORY_ICONS[category.id];
          return (
            <UnstyledButton key={category.id} className={classes.idea} onClick={() => start(category.id)} aria-label={category.title}>
              <Group wrap="nowrap" gap="md">
                <Icon size={26} stroke={1.6} className={classes.ideaIcon} />
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={700}>{category.title}</Text>
                  <Text size="sm" c="dimmed">
                    {category.description}
                  </Text>
                </Stack>
                <IconChevronRight size={18} />
              </Group>
            </UnstyledButton>
          );
        })}
      </Stack>

      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0}>
          <Title order={2} fz="lg">
            AI generated text campaigns
          </Title>
          <Text size="sm" c="dimmed">
            {all.data ? `${all.data.length} ${all.data.length === 1 ? 'text' : 'texts'} written with you` : 'Texts written in your chats'}
          </Text>
        </Stack>
        <Button component={Link} to="/campaigns/text-campaigns/generated-texts" variant="light" style={{ flexShrink: 0 }}>
          Open
        </Button>
      </Group>

      {readiness.data && <TextsUsage readiness={readiness.data} />}

      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            History
          </Title>
          <Group gap="md">
            <Anchor component={Link} to="/campaigns/text-campaigns/scheduled" fw={600} py={10}>
              View Scheduled
            </Anchor>
            <Anchor component={Link} to="/campaigns/text-campaigns/all" fw={600} py={10}>
              View all
            </Anchor>
          </Group>
        </Group>
        {sent.isPending ? <Skeleton h={160} radius="md" /> : <TextListState isError={sent.isError} data={sent.data}>{(rows) => <TextTable campaigns={rows.slice(0, TEXT_LIMITS.historyPreviewRows)} />}</TextListState>}
      </Stack>
    </Stack>
  );
}
