import { Alert, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState } from 'react';
import classes from './email-editor.module.css';
import { showMergeTags } from './shown-merge-tags.ts';

const WIDTHS = { phone: 360, desktop: 600 } as const;
type Device = keyof typeof WIDTHS;
const FRAME_HEIGHT = 720;

type EmailPreviewProps = { html: string | null; loading?: boolean; error?: string | null };

/**
 * The email as the server rendered it, in a sandboxed frame (no scripts, no access to the app), at a phone's
 * 360 px or a desktop inbox's 600 px. A frame wider than the screen is scaled down to fit, not cropped.
 */
export function EmailPreview({ html, loading = false, error = null }: EmailPreviewProps) {
  const [device, setDevice] = useState<Device>('phone');
  const { ref, width: available } = useElementSize();
  const width = WIDTHS[device];
  const scale = available > 0 ? Math.min(1, available / width) : 1;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <SegmentedControl
          size="md"
          aria-label="Preview size"
          value={device}
          onChange={(value) => setDevice(value as Device)}
          data={[
            { value: 'phone', label: 'Phone' },
            { value: 'desktop', label: 'Desktop' },
          ]}
        />
        {loading && <Loader size="sm" aria-label="Updating preview" />}
      </Group>
      {error && (
        <Alert color="red" variant="light">
          {error}
        </Alert>
      )}
      <div ref={ref}>
        {html === null ? (
          <Text c="dimmed" size="sm">
            {loading ? 'Preparing the preview…' : 'The preview appears here.'}
          </Text>
        ) : (
          <div className={classes.frameBox} style={{ width: width * scale, height: FRAME_HEIGHT * scale }}>
            <iframe
              title={`Email preview, ${device}`}
              className={classes.frame}
              sandbox=""
              srcDoc={showMergeTags(html)}
              width={width}
              height={FRAME_HEIGHT}
              style={{ transform: `scale(${scale})` }}
            />
          </div>
        )}
      </div>
    </Stack>
  );
}
