import { ActionIcon, Box, Group, Image, Stack, Text } from '@mantine/core';
import { IconRefresh, IconTrash, IconVideo } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { discardOutboxOp, retryOutboxOp } from '../../lib/outbox/client.ts';
import { readBlob } from '../../lib/outbox/store.ts';
import type { OutboxOp } from '../../lib/outbox/types.ts';
import { usePendingOps } from '../../lib/outbox/use-outbox.ts';
import { shortName } from './media-format.ts';
import { OUTBOX_KIND } from './upload.ts';
import classes from './media.module.css';

const field = (op: OutboxOp, name: string) => op.request.form?.find((f) => f.name === name);
const text = (op: OutboxOp, name: string) => {
  const found = field(op, name);
  return found && 'value' in found ? found.value : '';
};

/** Uploads still on this device in this folder, shown in place with their local preview. */
export function usePendingUploads(parentId: string | null) {
  const ops = usePendingOps({ kind: OUTBOX_KIND });
  return ops.filter((op) => (text(op, 'parentId') === 'null' ? null : text(op, 'parentId') || null) === parentId);
}

function LocalPreview({ op }: { op: OutboxOp }) {
  // A small file travels in the form; a large one resumably (tus) beside it.
  const file = field(op, 'file') ?? op.request.tus;
  const blobId = file && 'blobId' in file ? file.blobId : null;
  const isVideo = file && 'type' in file ? file.type.startsWith('video/') : false;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blobId) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    void readBlob(blobId).then((blob) => {
      if (!blob || cancelled) return;
      objectUrl = URL.createObjectURL(blob);
      setUrl(objectUrl);
    });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [blobId]);
  if (isVideo) return url ? <video src={url} muted playsInline className={classes.thumbImage} /> : <IconVideo size={32} />;
  return url ? <Image src={url} alt={text(op, 'name')} className={classes.thumbImage} /> : null;
}

export function PendingUploadTiles({ ops }: { ops: OutboxOp[] }) {
  return ops.map((op) => {
    const stuck = op.status === 'failed' || op.status === 'conflict';
    const label = stuck ? `Not uploaded: ${op.lastError ?? 'refused'}` : op.status === 'sending' ? 'Uploading…' : 'Waiting to upload';
    return (
      <Stack gap={4} key={op.id} className={classes.tile} data-testid="pending-tile" data-name={text(op, 'name')}>
        <Box className={classes.thumb}>
          <LocalPreview op={op} />
          <Text className={classes.pendingMark}>{label}</Text>
        </Box>
        <Group gap={2} wrap="nowrap" mih={44}>
          <Text size="sm" fw={500} truncate="end" style={{ flex: 1, minWidth: 0 }}>
            {shortName(text(op, 'name'))}
          </Text>
          {stuck && (
            <ActionIcon variant="subtle" size={44} aria-label="Try the upload again" onClick={() => void retryOutboxOp(op.id)}>
              <IconRefresh size={18} />
            </ActionIcon>
          )}
          {op.status !== 'sending' && (
            <ActionIcon variant="subtle" color="red" size={44} aria-label="Remove from the upload queue" onClick={() => void discardOutboxOp(op.id)}>
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      </Stack>
    );
  });
}
