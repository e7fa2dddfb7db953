import { Button } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { BrandForm } from '../../features/brand/brand-form.tsx';
import { brandQueries } from '../../features/brand/brand-queries.ts';
import { sessionStore } from '../../lib/session.ts';
import { PageColumn, PageHeader } from '../../ui/page-header.tsx';

const userId = () => sessionStore.get()?.userId ?? '';

// Onboarding's brand step ('sub' variant): after plans, before social accounts. Skip goes on to
// the social accounts step (the spec's "/socials" reading; see the README).
export const Route = createFileRoute('/_app/brand')({
  loader: ({ context }) => context.queryClient.ensureQueryData(brandQueries.settings(userId())),
  component: BrandOnboardingPage,
});

function BrandOnboardingPage() {
  const { data: brand } = useSuspenseQuery(brandQueries.settings(userId()));
  const navigate = useNavigate();
  return (
    <PageColumn>
      <PageHeader title="Your brand">Tell Mise how your place looks and sounds. You can change this any time in Settings.</PageHeader>
      <BrandForm
        key={brand.updatedAt ?? 'new'}
        brand={brand}
        submitLabel="Save and continue"
        onSaved={() => void navigate({ to: '/settings/socials', search: { sub: true } })}
        secondaryAction={
          <Link to="/settings/socials" search={{ sub: true }} style={{ textDecoration: 'none' }}>
            <Button component="span" variant="default" size="lg" fullWidth>
              Skip
            </Button>
          </Link>
        }
      />
    </PageColumn>
  );
}
