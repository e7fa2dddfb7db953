import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

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

/** Facebook, Instagram and Yelp: said plainly, rather than a Link button that does nothing. */
export function UnavailableSocialRow({ name, icon, color }: Omit<SocialRowProps, 'children'>) {
  return (
    <SocialRow name={name} icon={icon} color={color}>
      <Text size="sm" c="dimmed">
        Linking {name} is not available yet. You'll be notified when it is.
      </Text>
    </SocialRow>
  );
}
