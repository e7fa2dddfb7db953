import { Anchor, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { EmailDraft } from '../../contract/email-drafts.ts';
import { emailQueries } from './email-queries.ts';
import { TemplateCard } from './template-list.tsx';

type EmailHomeProps = {
  onDraft: (draft: EmailDraft) => void;
  /** The latest campaigns with their figures (the sending feature's table), handed in by the route. */
  history?: ReactNode;
};

/** Spec §2 email home: Add New, three template suggestions, the latest campaigns, and the ways on. */
export function EmailHome({ onDraft, history }: EmailHomeProps) {
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
        <Title order={2} fz="lg">
          History
        </Title>
        {history ?? <EmptyHistory />}
      </Stack>
    </Stack>
  );
}

/** The history table's shape with nothing sent yet (spec §2 columns and empty state). */
function EmptyHistory() {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email type</Table.Th>
            <Table.Th ta="right">Opened</Table.Th>
            <Table.Th ta="right">Unique Opens</Table.Th>
            <Table.Th ta="right">Clicked</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td colSpan={4}>
              <Text c="dimmed" ta="center" py="md">
                No campaigns found
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
