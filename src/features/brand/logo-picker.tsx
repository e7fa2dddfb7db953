import { Avatar, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useObjectUrl } from '../../lib/use-object-url.ts';

type LogoPickerProps = {
  currentUrl: string;
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string;
};

/** The brand logo: chosen from the phone, previewed, uploaded when the form is saved. */
export function LogoPicker({ currentUrl, file, onFile, error }: LogoPickerProps) {
  const preview = useObjectUrl(file);

  const shown = preview ?? (currentUrl || null);
  return (
    <Input.Wrapper label="Logo" error={error}>
      <Group gap="lg" wrap="nowrap" mt={6}>
        <Avatar src={shown} alt={shown ? 'Brand logo' : undefined} size={88} radius="md" variant="light">
          <IconPhoto size={32} aria-hidden />
        </Avatar>
        <Stack gap={6} align="flex-start">
          <FileButton onChange={onFile} accept="image/png,image/jpeg,image/gif,image/webp" name="brandLogo">
            {(props) => (
              <Button {...props} variant="light" size="md">
                {shown ? 'Change logo' : 'Add logo'}
              </Button>
            )}
          </FileButton>
          {file ? (
            <Button variant="subtle" color="gray" size="sm" onClick={() => onFile(null)}>
              Keep the current logo
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              PNG, JPG, GIF or WebP, up to 5 MB. Videos need a logo.
            </Text>
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
