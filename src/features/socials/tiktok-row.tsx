import { Avatar, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandTiktok } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { TIKTOK_CONNECTED } from '../../contract/socials.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { SocialRow } from './social-row.tsx';
import { socialsQueries } from './socials-queries.ts';
import { useTiktokDisconnect, useTiktokLoginUrl } from './socials-mutations.ts';

/** Spec §4: whole hours, seconds / 3600 rounded down. */
const expiryHours = (seconds: number) => Math.floor(seconds / 3600);

export function TiktokRow() {
  const status = useQuery(socialsQueries.tiktok());
  const login = useTiktokLoginUrl();
  const disconnect = useTiktokDisconnect();
  const data = status.data;
  const connected = data?.status === TIKTOK_CONNECTED;

  const handleLink = () =>
    login.mutate(undefined, {
      // TikTok's consent screen; it comes back to /tiktok_callback.
      onSuccess: ({ login_url }) => window.location.assign(login_url),
      onError: (error) => notifyError(error, 'Unable to get TikTok login URL'),
    });

  const handleDisconnect = () =>
    disconnect.mutate(undefined, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: (error) => notifyError(error, 'Something went wrong'),
    });

  if (data && !data.configured && !connected) {
    return (
      <SocialRow name="TikTok" icon={IconBrandTiktok} color="dark">
        <Text size="sm" c="dimmed">
          TikTok isn't available on this Mise yet.
        </Text>
      </SocialRow>
    );
  }

  const profile = data?.user_profile;
  return (
    <SocialRow name="TikTok" icon={IconBrandTiktok} color="dark">
      <Group gap="sm" wrap="nowrap" align="flex-end">
        {profile?.avatar_url && <Avatar src={profile.avatar_url} alt="" size={44} radius="xl" />}
        <TextInput
          label="Username"
          size="md"
          readOnly
          placeholder="Not linked"
          value={connected || data?.status === 'Expired' ? (profile?.display_name ?? '') : ''}
          style={{ flex: 1 }}
        />
        <Button size="md" onClick={handleLink} loading={login.isPending} disabled={status.isPending || connected}>
          Link
        </Button>
      </Group>
      <Group justify="space-between" gap="xs">
        {connected ? (
          <Stack gap={0}>
            <Badge color="teal" variant="light" size="lg" tt="none">
              Connected
            </Badge>
            <Text size="sm" c="dimmed" mt={4}>
              Expires in: {expiryHours(data.expires_in ?? 0)} hours
            </Text>
          </Stack>
        ) : (
          <Badge color={data?.status === 'Expired' ? 'orange' : 'gray'} variant="light" size="lg" tt="none">
            {data?.status === 'Expired' ? 'Expired: link again' : 'Not connected'}
          </Badge>
        )}
        {connected && (
          <Button variant="subtle" color="red" size="md" onClick={handleDisconnect} loading={disconnect.isPending}>
            Disconnect
          </Button>
        )}
      </Group>
    </SocialRow>
  );
}
