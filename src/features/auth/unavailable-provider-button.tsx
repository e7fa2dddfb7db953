import { Button, Stack, Text } from '@mantine/core';
import { IconBrandApple, IconBrandGoogle } from '@tabler/icons-react';
import { useId } from 'react';

type Props = { provider: 'Google' | 'Apple'; reason: string };

/** A provider the server has not set up: the button stays, disabled, and says why. */
export function UnavailableProviderButton({ provider, reason }: Props) {
  const id = useId();
  const Icon = provider === 'Google' ? IconBrandGoogle : IconBrandApple;
  return (
    <Stack gap={4}>
      <Button variant="default" size="lg" radius="xl" fullWidth disabled leftSection={<Icon size={20} aria-hidden />} aria-describedby={id}>
        Continue with {provider}
      </Button>
      <Text id={id} size="xs" c="dimmed" ta="center">
        {reason}
      </Text>
    </Stack>
  );
}
