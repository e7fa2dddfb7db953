import { Button, Group, Paper, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';

type SocialRowProps = { name: string; icon: Icon; color: string; children: ReactNode };

/** One app in the 'All Apps' list. */
export function SocialRow({ name, icon: AppIcon, color, children }: SocialRowProps) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={name}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="md" color={color} variant="light">
            <AppIcon size={24} aria-hidden />
          </ThemeIcon>
          <Text fw={600} fz="lg">
            {name}
          </Text>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * Facebook, Instagram and Yelp (spec §2: a username box and a Link button each). Linking them is not built:
 * Link says so plainly, in the row, instead of doing nothing; the username typed stays in the box.
 */
export function UnavailableSocialRow({ name, icon, color }: Omit<SocialRowProps, 'children'>) {
  const [username, setUsername] = useState('');
  const [told, setTold] = useState(false);
  return (
    <SocialRow name={name} icon={icon} color={color}>
      <Group gap="sm" wrap="nowrap" align="flex-end">
        <TextInput
          label="Username"
          size="md"
          placeholder={`Your ${name} name`}
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button size="md" variant="light" onClick={() => setTold(true)} aria-describedby={told ? `${name}-not-yet` : undefined}>
          Link
        </Button>
      </Group>
      <Text size="sm" c={told ? undefined : 'dimmed'} fw={told ? 600 : undefined} id={`${name}-not-yet`} role={told ? 'status' : undefined}>
        Linking {name} is not available yet. You'll be notified when it is.
      </Text>
    </SocialRow>
  );
}
