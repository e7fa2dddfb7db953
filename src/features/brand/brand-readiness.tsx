import { Alert, Text } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { BrandCompleteness } from '../../contract/brand.ts';

const LABELS: Record<string, string> = {
  brandName: 'brand name',
  location: 'location',
  website: 'website',
  brandVoice: 'brand voice',
  description: 'description',
  brandLogo: 'logo',
};

const list = (fields: string[]) => fields.map((field) => LABELS[field] ?? field).join(', ');

/** What campaigns still need from the brand (text: the words; videos: also the logo). */
export function BrandReadiness({ complete }: { complete: BrandCompleteness }) {
  if (complete.video) {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} mb="lg">
        Your brand is ready for emails, texts and videos.
      </Alert>
    );
  }
  const forText = complete.missing.filter((field) => field !== 'brandLogo');
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} mb="lg">
      <Text size="sm">
        {complete.text ? 'Ready for emails and texts. Add your logo to make videos.' : `Emails and texts need your ${list(forText)}.`}
        {!complete.text && complete.missing.includes('brandLogo') ? ' Videos also need your logo.' : ''}
      </Text>
    </Alert>
  );
}
