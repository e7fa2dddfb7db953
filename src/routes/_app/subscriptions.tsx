import { Button } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PageColumn, PageHeader } from '../../ui/page-header.tsx';

// Placeholder for the onboarding path (issue 2); the plans screen itself arrives with issue 6 and replaces this file.
export const Route = createFileRoute('/_app/subscriptions')({
  component: SubscriptionsPage,
});

function SubscriptionsPage() {
  return (
    <PageColumn>
      <PageHeader title="Choose your plan">Plans are on their way. You can start with the free plan and pick one later.</PageHeader>
      <Button component={Link} to="/brand" size="lg" variant="default" fullWidth>
        Skip
      </Button>
    </PageColumn>
  );
}
