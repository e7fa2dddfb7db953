import { Box, Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { TEMPLATE_CATEGORY_VALUES } from '../../../../../contract/email-options.ts';
import { emailQueries } from '../../../../../features/email/email-queries.ts';
import { TemplateList } from '../../../../../features/email/template-list.tsx';
import { tolerateFailure } from '../../../../../lib/route-data.ts';
import { PageHeader } from '../../../../../ui/page-header.tsx';

const SearchSchema = v.object({ category: v.fallback(v.optional(v.picklist(['all', ...TEMPLATE_CATEGORY_VALUES] as const), 'all'), 'all') });

export const Route = createFileRoute('/_app/campaigns/email-campaigns/templates/')({
  validateSearch: SearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => tolerateFailure(context.queryClient.ensureQueryData(emailQueries.templates(deps.category))),
  component: TemplatesPage,
});

function TemplatesPage() {
  const { category } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <>
      {/* On a 360 px phone the button goes under the title instead of squeezing it. */}
      <Group justify="space-between" align="flex-start" gap="xs">
        <Box style={{ flex: '1 1 14rem' }}>
          <PageHeader title="Email Templates">Ready-made emails in your brand. Use one as it is, or make it yours.</PageHeader>
        </Box>
        <Button component={Link} to="/campaigns/email-campaigns/templates/new" leftSection={<IconPlus size={18} />} style={{ flexShrink: 0 }}>
          New template
        </Button>
      </Group>
      <TemplateList
        category={category}
        onCategory={(next) => void navigate({ to: '/campaigns/email-campaigns/templates', search: { category: next }, replace: true })}
        onDraft={(draft) => void navigate({ to: '/campaigns/email-campaigns/drafts-view/$id', params: { id: draft.id } })}
      />
    </>
  );
}
