import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { POS_PROVIDERS, type PosProviderId } from '../../contract/pos.ts';
import { ApiError } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PosCard } from './pos-card.tsx';
import { posQueries, usePosDisconnect, usePosLoginUrl, usePosSync } from './pos-queries.ts';

/** Spec §4: an error that names Clover or Square marks that provider as connected. */
const namedProvider = (message: string): PosProviderId | null => (/square/i.test(message) ? 'square' : /clover/i.test(message) ? 'clover' : null);

/** /settings/pos: 'Select Your POS System', one collapsible card per provider; the 'sub' variant adds Skip. */
export function PosSettings({ sub }: { sub: boolean }) {
  const connection = useQuery(posQueries.connection());
  const login = usePosLoginUrl();
  const disconnect = usePosDisconnect();
  const sync = usePosSync();
  const busy = useIsMutating() > 0 || connection.isPending;
  const [collapsed, setCollapsed] = useState<Partial<Record<PosProviderId, boolean>>>({});
  const [namedByError, setNamedByError] = useState<PosProviderId | null>(null);

  useEffect(() => {
    if (!connection.error) return;
    const message = connection.error instanceof ApiError ? connection.error.message : String(connection.error);
    const named = namedProvider(message);
    if (named) setNamedByError(named);
    else notifyError(null, `Error fetching clover account ${message}`);
  }, [connection.error]);

  const handleConnect = (provider: PosProviderId) => {
    notifications.show({ id: 'pos-redirect', loading: true, message: 'redirecting', autoClose: false, withCloseButton: false });
    login.mutate(provider, {
      // The provider's permission page; it comes back to /square_callback or /clover_callback.
      onSuccess: ({ data }) => window.location.assign(data),
      onError: (error) => {
        notifications.hide('pos-redirect');
        notifyError(error, provider === 'square' ? 'Could not initiate square oAuth flow' : 'Could not initiate clover oAuth flow');
      },
    });
  };

  const handleDisconnect = (provider: PosProviderId) =>
    disconnect.mutate(provider, {
      onSuccess: () => {
        notifySuccess(provider === 'square' ? 'disconnected from square...' : 'disconnected from clover...');
        // Spec §4: disconnect reloads the page on success, once the toast has been up long enough to read (its renderer
        // is fetched with the first toast: 600 ms was sometimes gone before it showed).
        window.setTimeout(() => window.location.reload(), 1500);
      },
      onError: (error) =>
        error instanceof ApiError && error.fromServer
          ? notifyError(null, `Error disconnecting: ${error.message}`)
          : notifyError(error, provider === 'square' ? 'Could not disconnect square' : 'Could not disconnect clover'),
    });

  const handleSync = () =>
    sync.mutate(undefined, { onSuccess: ({ message }) => notifySuccess(message), onError: (error) => notifyError(error, 'Something went wrong') });

  const providers = connection.data?.providers;
  const isLinked = (provider: PosProviderId) => namedByError === provider || (providers?.[provider].state ?? 'not_connected') !== 'not_connected';

  return (
    <Stack gap="md" maw={560}>
      <Stack gap={4}>
        <Title order={1} fz={26}>
          Select Your POS System
        </Title>
        <Text c="dimmed">Connect Square or Clover and Mise keeps your customers and their orders in sync, so segments and campaigns use your real sales.</Text>
      </Stack>
      {connection.isPending && <Loader mx="auto" />}
      {connection.isError && !providers && <Alert color="red">The connection status could not be loaded. Check your connection and try again.</Alert>}
      {providers &&
        POS_PROVIDERS.map((provider) => {
          const other: PosProviderId = provider === 'square' ? 'clover' : 'square';
          const status = providers[provider];
          return (
            <PosCard
              key={provider}
              status={namedByError === provider && status.state === 'not_connected' ? { ...status, state: 'connected', progress: 100 } : status}
              expanded={!collapsed[provider]}
              onToggle={() => setCollapsed((current) => ({ ...current, [provider]: !current[provider] }))}
              busy={busy}
              otherConnected={isLinked(other)}
              onConnect={() => handleConnect(provider)}
              onDisconnect={() => handleDisconnect(provider)}
              onSync={handleSync}
            />
          );
        })}
      {sub && (
        <Button component={Link} to="/brand" variant="default" size="lg" fullWidth>
          Skip
        </Button>
      )}
    </Stack>
  );
}
