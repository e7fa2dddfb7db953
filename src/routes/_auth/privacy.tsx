import { Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { LegalPage, LegalSection } from '../../features/auth/legal-page.tsx';

export const Route = createFileRoute('/_auth/privacy')({
  component: PrivacyPage,
});

function PrivacyPage() {
  return (
    <LegalPage title="Privacy policy" updated="2025">
      <Text>This page says what Mise keeps about you and why. It is short because we keep little.</Text>
      <LegalSection
        heading="What we keep"
        items={[
          'Your name, email address, phone number and profile picture, to run your account.',
          'Your password, only as a one-way hash: nobody can read it back.',
          'The customers, orders, media and campaigns you bring in, to do the work you ask for.',
          'Which notifications you want, and a record of sign-ins so you can stay signed in.',
        ]}
      />
      <LegalSection
        heading="What we do not do"
        items={[
          'We do not sell your data or your customers’ data.',
          'We do not show advertising or track you across other sites.',
        ]}
      />
      <LegalSection heading="On your phone">
        Mise keeps a copy of what you looked at on this device so it works without a connection. Signing out removes it.
      </LegalSection>
      <LegalSection heading="Services we use">
        When you link them, your point of sale (Square or Clover), social accounts, email and text providers and the payment
        provider receive only what is needed to do what you asked.
      </LegalSection>
    </LegalPage>
  );
}
