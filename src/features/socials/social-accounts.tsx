import { Stack, Text, Title } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconStarFilled } from '@tabler/icons-react';
import { UnavailableSocialRow } from './social-row.tsx';
import { TiktokRow } from './tiktok-row.tsx';

/** Spec §2 Social accounts: 'All Apps', with only TikTok linkable today. */
export function SocialAccounts() {
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2} fz="xl">
          All Apps
        </Title>
        <Text c="dimmed">You'll be notified of new features</Text>
      </Stack>
      <UnavailableSocialRow name="Facebook" icon={IconBrandFacebook} color="blue" />
      <UnavailableSocialRow name="Instagram" icon={IconBrandInstagram} color="grape" />
      <TiktokRow />
      <UnavailableSocialRow name="Yelp" icon={IconStarFilled} color="red" />
    </Stack>
  );
}
