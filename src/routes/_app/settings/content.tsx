import { Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { BrandForm } from '../../../features/brand/brand-form.tsx';
import { brandQueries } from '../../../features/brand/brand-queries.ts';
import { BrandReadiness } from '../../../features/brand/brand-readiness.tsx';
import { HeaderUpload } from '../../../features/brand/header-upload.tsx';
import { sessionStore } from '../../../lib/session.ts';
import { PageColumn, PageHeader } from '../../../ui/page-header.tsx';

const userId = () => sessionStore.get()?.userId ?? '';

export const Route = createFileRoute('/_app/settings/content')({
  loader: ({ context }) => context.queryClient.ensureQueryData(brandQueries.settings(userId())),
  component: ContentSettingsPage,
});

function ContentSettingsPage() {
  const { data: brand } = useSuspenseQuery(brandQueries.settings(userId()));
  return (
    <PageColumn>
      <PageHeader title="Restaurant content">Your name, look and voice. Every email, text and video is written with them.</PageHeader>
      <BrandReadiness complete={brand.complete} />
      <Stack gap="xl">
        <BrandForm brand={brand} />
        <HeaderUpload currentUrl={brand.header_image_url} />
      </Stack>
    </PageColumn>
  );
}
