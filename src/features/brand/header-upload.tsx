import { AspectRatio, Box, Button, FileButton, Group, Image, Input, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { HEADER_MAX_BYTES, HEADER_SUGGESTED_RATIO, HEADER_TYPES } from '../../contract/brand.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useUploadHeader } from './brand-mutations.ts';
import { useObjectUrl } from '../../lib/use-object-url.ts';

function headerFileError(file: File): string | null {
  if (!(HEADER_TYPES as readonly string[]).includes(file.type)) return 'The header image must be a PNG, JPG or GIF file';
  if (file.size > HEADER_MAX_BYTES) return 'The header image is too large: the limit is 10 MB';
  return null;
}


/** The picture's own shape, to say plainly when it is far from 4:1. */
function useRatio(src: string | null) {
  const [ratio, setRatio] = useState<number | null>(null);
  useEffect(() => {
    setRatio(null);
    if (!src) return;
    const image = new window.Image();
    image.onload = () => setRatio(image.naturalWidth / Math.max(1, image.naturalHeight));
    image.src = src;
  }, [src]);
  return ratio;
}

/** The email header (spec §5): PNG, JPG or GIF up to 10 MB; 4:1 suggested, with a preview of how that frame crops it. */
export function HeaderUpload({ currentUrl }: { currentUrl: string | null }) {
  const upload = useUploadHeader();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useObjectUrl(file);
  const shown = preview ?? currentUrl;
  const ratio = useRatio(shown);
  const offShape = ratio !== null && Math.abs(ratio - HEADER_SUGGESTED_RATIO) / HEADER_SUGGESTED_RATIO > 0.1;

  const handleFile = (chosen: File | null) => {
    setError(chosen ? headerFileError(chosen) : null);
    setFile(chosen);
  };

  const handleUpload = () => {
    if (!file || error) return;
    upload.mutate(file, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        setFile(null);
      },
      onError: (failure) => notifyError(failure, 'Something went wrong.'),
    });
  };

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            Email header
          </Title>
          <Text size="sm" c="dimmed">
            Shown at the top of your emails. PNG, JPG or GIF, up to 10 MB. A 4:1 image (like 1200 × 300) fits best.
          </Text>
        </Stack>
        {shown && (
          <Stack gap={4}>
            <AspectRatio ratio={HEADER_SUGGESTED_RATIO} style={{ borderRadius: 8, overflow: 'hidden', outline: '2px dashed var(--mantine-color-gray-4)' }}>
              <Image src={shown} alt={preview ? 'New email header, cropped to 4:1' : 'Email header, cropped to 4:1'} fit="cover" />
            </AspectRatio>
            <Text size="xs" c="dimmed">
              {offShape && ratio
                ? `This image is ${ratio.toFixed(1)}:1. The frame shows the part that fits the suggested 4:1 shape.`
                : 'Preview at the suggested 4:1 shape.'}
            </Text>
          </Stack>
        )}
        <Input.Wrapper error={error}>
          <Group gap="sm">
            <FileButton onChange={handleFile} accept="image/png,image/jpeg,image/gif" name="logo">
              {(props) => (
                <Button {...props} variant="light" size="md">
                  {shown ? 'Choose another image' : 'Choose image'}
                </Button>
              )}
            </FileButton>
            {file && (
              <Button size="md" leftSection={<IconUpload size={18} aria-hidden />} onClick={handleUpload} loading={upload.isPending} disabled={Boolean(error)}>
                Upload header
              </Button>
            )}
          </Group>
        </Input.Wrapper>
        {!shown && (
          <Box>
            <Text size="sm" c="dimmed">
              No header yet: emails start with your logo and name.
            </Text>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
