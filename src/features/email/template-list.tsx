import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { EmailDraft } from '../../contract/email-drafts.ts';
import type { EmailTemplate } from '../../contract/email-templates.ts';
import { categoryDisplayName, type TemplateCategory } from '../../contract/email.ts';
import { ChipRow } from '../../ui/chip-row.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useUseTemplate } from './email-mutations.ts';
import { emailQueries } from './email-queries.ts';
import { showMergeTags } from './shown-merge-tags.ts';

/** Category filter buttons: All plus each category (spec §2 'Email Templates'), one row that scrolls sideways. */
function CategoryFilter({ value, onChange }: { value: TemplateCategory | 'all'; onChange: (value: TemplateCategory | 'all') => void }) {
  const categories = useQuery(emailQueries.categories()).data ?? [];
  const options = [{ value: 'all' as const, label: 'All' }, ...categories.map((category) => ({ value: category.value, label: category.display_name }))];
  return <ChipRow<TemplateCategory | 'all'> value={value} options={options} onChange={onChange} />;
}

/** The top of the email, scaled to the card's width (a 600 px inbox shrunk to fit). */
function TemplateThumbnail({ title, html }: { title: string; html: string }) {
  const { ref, width } = useElementSize();
  const scale = width > 0 ? width / 600 : 0.5;
  return (
    <div ref={ref} style={{ width: '100%', height: '100%' }}>
      <iframe
        title={title}
        srcDoc={showMergeTags(html)}
        sandbox=""
        loading="lazy"
        tabIndex={-1}
        width={600}
        height={Math.ceil(180 / scale)}
        style={{ border: 0, transform: `scale(${scale})`, transformOrigin: '0 0', pointerEvents: 'none' }}
      />
    </div>
  );
}

/** A template as a card: a small picture of the email, its name and category; opens the template, or starts a draft from it. */
export function TemplateCard({ template, onDraft }: { template: EmailTemplate; onDraft: (draft: EmailDraft) => void }) {
  const use = useUseTemplate();
  return (
    <Card withBorder radius="lg" padding={0} data-testid="template-card">
      <Card.Section renderRoot={(props) => <Link {...props} to="/campaigns/email-campaigns/template/$id" params={{ id: template.id }} />} aria-label={`Open ${template.display_name}`} style={{ display: 'block', height: 180, overflow: 'hidden', background: '#F4F1EC' }}>
        <TemplateThumbnail title={template.display_name} html={template.html_content} />
      </Card.Section>
      <Stack gap={6} p="md">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} lineClamp={1}>
            {template.display_name}
          </Text>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {categoryDisplayName(template.category)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {showMergeTags(template.subject)}
        </Text>
        <Button
          variant="light"
          loading={use.isPending}
          onClick={() =>
            use.mutate(template.id, {
              onSuccess: (result) => {
                notifySuccess(result.message);
                onDraft(result.draft);
              },
              onError: (error) => notifyError(error, 'Something went wrong'),
            })
          }
        >
          Use this template
        </Button>
      </Stack>
    </Card>
  );
}

/** Spec §2 'Email Templates': filter buttons and the cards of that category. */
export function TemplateList({ category, onCategory, onDraft }: { category: TemplateCategory | 'all'; onCategory: (value: TemplateCategory | 'all') => void; onDraft: (draft: EmailDraft) => void }) {
  const query = useQuery(emailQueries.templates(category));
  return (
    <Stack gap="md">
      <CategoryFilter value={category} onChange={onCategory} />
      {query.isError && !query.data && <Text c="red">The templates could not be loaded. Check your connection and try again.</Text>}
      {query.isSuccess && query.data.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No result found
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {query.data?.map((template) => <TemplateCard key={template.id} template={template} onDraft={onDraft} />)}
      </SimpleGrid>
    </Stack>
  );
}
