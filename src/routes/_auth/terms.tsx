import { Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { LegalPage, LegalSection } from '../../features/auth/legal-page.tsx';

export const Route = createFileRoute('/_auth/terms')({
  component: TermsPage,
});

function TermsPage() {
  return (
    <LegalPage title="Terms of use" updated="2025">
      <Text>
        Mise helps owners of small restaurants and cafés market their business: an assistant, customer lists, a media library and
        campaigns by email, text and video. These terms are between you and whoever runs this Mise server.
      </Text>
      <LegalSection
        heading="Your account"
        items={[
          'Give your real name and an email address you can read: we send sign-in codes there.',
          'Keep your password to yourself. You are responsible for what is done with your account.',
          'You may close your account at any time by asking the people who run this server.',
        ]}
      />
      <LegalSection
        heading="Your content and your customers"
        items={[
          'What you upload and the customer data you import stay yours.',
          'Only send marketing to customers who agreed to receive it, and follow the law where you trade.',
          'Do not use Mise to send spam, or anything unlawful, hateful or misleading.',
        ]}
      />
      <LegalSection heading="Plans and changes">
        Paid plans renew until you cancel them. The service may change or pause for maintenance; we will say so in the app when it
        affects you. Mise is provided as it is, without a promise that it fits every purpose.
      </LegalSection>
    </LegalPage>
  );
}
