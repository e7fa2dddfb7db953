import { tolerateFailure } from '../../../lib/route-data.ts';
import { Button } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { SocialAccounts } from '../../../features/socials/social-accounts.tsx';
import { socialsQueries } from '../../../features/socials/socials-queries.ts';
import { PageColumn, PageHeader } from '../../../ui/page-header.tsx';

// `sub`: the onboarding variant, with a Skip that finishes onboarding on the home screen.
const SearchSchema = v.object({ sub: v.optional(v.boolean()) });

export const Route = createFileRoute('/_app/settings/socials')({
  validateSearch: (search) => v.parse(SearchSchema, { sub: search.sub === true || search.sub === 'true' ? true : undefined }),
  loader: ({ context }) => tolerateFailure(context.queryClient.ensureQueryData(socialsQueries.tiktok())),
  component: SocialsPage,
});

function SocialsPage() {
  const { sub } = Route.useSearch();
  return (
    <PageColumn>
      <PageHeader title="Social accounts">Link TikTok to publish your videos there.</PageHeader>
      <SocialAccounts />
      {sub && (
        <Button component={Link} to="/" variant="default" size="lg" fullWidth mt="xl">
          Skip
        </Button>
      )}
    </PageColumn>
  );
}
