import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { AuthHeading } from '../../features/auth/auth-heading.tsx';
import { ProviderButtons } from '../../features/auth/provider-buttons.tsx';
import { JoinForm } from '../../features/team/join-form.tsx';

// The link mailed with a team invitation: /join?invite=TOKEN (issue 19).
export const Route = createFileRoute('/_auth/join')({
  validateSearch: v.object({ invite: v.fallback(v.optional(v.string(), ''), '') }),
  component: JoinPage,
});

function JoinPage() {
  const { invite } = Route.useSearch();
  return <JoinForm token={invite} Heading={AuthHeading} Providers={ProviderButtons} />;
}
