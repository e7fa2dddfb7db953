import { Avatar, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useObjectUrl } from '../../lib/use-object-url.ts';

type PicturePickerProps = {
  name: string;
  currentUrl: string | null;
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string;
};

/** The profile picture: camera roll or camera on a phone (image files only), previewed before saving. */
export function PicturePicker({ name, currentUrl, file, onFile, error }: PicturePickerProps) {
  const preview = useObjectUrl(file);

  return (
    <Input.Wrapper error={error}>
      <Group gap="lg" wrap="nowrap">
        <Avatar src={preview ?? currentUrl} alt={preview ? 'New profile picture' : 'Profile picture'} name={name} color="initials" size={88} radius={44} />
        <Stack gap={6} align="flex-start">
          <FileButton onChange={onFile} accept="image/*" name="image">
            {(props) => (
              <Button {...props} variant="light" size="md" leftSection={<IconCamera size={20} aria-hidden />}>
                {currentUrl || preview ? 'Change picture' : 'Add picture'}
              </Button>
            )}
          </FileButton>
          {file ? (
            <Button variant="subtle" color="gray" size="sm" onClick={() => onFile(null)}>
              Keep the current picture
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              JPG, PNG, WebP or GIF, up to 5 MB
            </Text>
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
