import { queryOptions } from '@tanstack/react-query';
import type { EmailDraftFilter } from '../../contract/email-drafts.ts';
import type { TemplateCategory } from '../../contract/email.ts';
import { emailApi } from './email-api.ts';

// Hierarchical keys under ['email'] (persisted for offline reading; see src/lib/offline/persisted-queries.ts).
export const emailKeys = {
  all: ['email'] as const,
  drafts: () => ['email', 'drafts'] as const,
  draftList: (status: EmailDraftFilter) => ['email', 'drafts', 'list', status] as const,
  draft: (id: string) => ['email', 'drafts', 'detail', id] as const,
  templates: () => ['email', 'templates'] as const,
  templateList: (category: TemplateCategory | 'all') => ['email', 'templates', 'list', category] as const,
  template: (id: string) => ['email', 'templates', 'detail', id] as const,
  categories: () => ['email', 'template-categories'] as const,
};

export const emailQueries = {
  drafts: (status: EmailDraftFilter) =>
    queryOptions({ queryKey: emailKeys.draftList(status), queryFn: ({ signal }) => emailApi.drafts(status, signal).then((body) => body.results) }),
  draft: (id: string) => queryOptions({ queryKey: emailKeys.draft(id), queryFn: ({ signal }) => emailApi.draft(id, signal) }),
  templates: (category: TemplateCategory | 'all') =>
    queryOptions({
      queryKey: emailKeys.templateList(category),
      queryFn: ({ signal }) => emailApi.templates(category === 'all' ? undefined : category, signal).then((body) => body.results),
      staleTime: 5 * 60_000,
    }),
  template: (id: string) => queryOptions({ queryKey: emailKeys.template(id), queryFn: ({ signal }) => emailApi.template(id, signal) }),
  categories: () => queryOptions({ queryKey: emailKeys.categories(), queryFn: ({ signal }) => emailApi.categories(signal).then((body) => body.results), staleTime: Infinity }),
};
