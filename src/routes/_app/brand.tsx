import { createFileRoute } from '@tanstack/react-router';
import { PageColumn, PageHeader } from '../../ui/page-header.tsx';

// Placeholder for the onboarding path (issue 2); the brand settings screen arrives with issue 6 and replaces this file.
export const Route = createFileRoute('/_app/brand')({
  component: BrandPage,
});

function BrandPage() {
  return (
    <PageColumn>
      <PageHeader title="Your brand">Your logo, colours and voice will be set up here.</PageHeader>
    </PageColumn>
  );
}
