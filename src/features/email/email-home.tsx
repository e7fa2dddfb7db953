import { Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { EmailDraft } from '../../contract/email-drafts.ts';
import { emailQueries } from './email-queries.ts';
import { RecentCampaigns } from './campaign-history.tsx';
import { TemplateCard } from './template-list.tsx';

type EmailHomeProps = { onDraft: (draft: EmailDraft) => void };

/** Spec §2 email home: Add New, three template suggestions, the latest campaigns, and the ways on. */
export function EmailHome({ onDraft }: EmailHomeProps) {
  const templates = useQuery(emailQueries.templates('all'));
  const drafts = useQuery(emailQueries.drafts('all'));
  return (
    <Stack gap="xl">
      <Button component={Link} to="/campaigns/email-campaigns/drafts" size="lg" leftSection={<IconPlus size={20} />}>
        Add New
      </Button>

      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Start from a template
          </Title>
          <Anchor component={Link} to="/campaigns/email-campaigns/templates" fw={600} py={10}>
            All templates
          </Anchor>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {templates.data?.slice(0, 3).map((template) => <TemplateCard key={template.id} template={template} onDraft={onDraft} />)}
        </SimpleGrid>
      </Stack>

      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0}>
          <Title order={2} fz="lg">
            Your emails
          </Title>
          <Text size="sm" c="dimmed">
            {drafts.data ? `${drafts.data.length} ${drafts.data.length === 1 ? 'email' : 'emails'} written` : 'Drafts and completed emails'}
          </Text>
        </Stack>
        <Button component={Link} to="/campaigns/email-campaigns/generated-emails" variant="light">
          Open
        </Button>
      </Group>

      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            History
          </Title>
          <Group gap="md">
            <Anchor component={Link} to="/campaigns/email-campaigns/scheduled" fw={600} py={10}>
              View Scheduled
            </Anchor>
            <Anchor component={Link} to="/campaigns/email-campaigns/history" fw={600} py={10}>
              View all
            </Anchor>
          </Group>
        </Group>
        <RecentCampaigns />
      </Stack>
    </Stack>
  );
}
