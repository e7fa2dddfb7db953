import { Button, CloseButton, FileButton, Group, Image, Modal, Progress, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconCamera, IconPhoto } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { readSharedFiles, removeSharedFiles } from '../../lib/offline/shared-files.ts';
import { hideToast, notifyError, notifyInfo, notifyProgress, notifySuccess } from '../../ui/notify.ts';
import { mediaKeys } from './media-queries.ts';
import { isNetworkError, readVideoDuration, uploadLater, uploadNow } from './upload.ts';

type Chosen = { key: string; file: File; name: string; description: string; preview: string };
type Props = {
  opened: boolean;
  onClose: () => void;
  parentId: string | null;
  /** Files shared to Mise from another app (sw/share-target.ts): chosen when the sheet opens. */
  shareId?: string;
  shareFailed?: boolean;
};

/** Spec §4 Media upload: idle → file chosen (preview + description) → uploading ('Uploading file n of m') → close. */
export function UploadModal({ opened, onClose, parentId, shareId, shareFailed }: Props) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  const [current, setCurrent] = useState(0);
  const uploading = progress !== null;

  useEffect(() => () => chosen.forEach((c) => URL.revokeObjectURL(c.preview)), [chosen]);

  const add = (files: File[], description = '') => {
    const accepted = files.filter((file) => file.type.startsWith('image/') || file.type.startsWith('video/'));
    if (accepted.length < files.length) notifyInfo('Only images and videos can be added to the media library.');
    setChosen((list) => [...list, ...accepted.map((file) => ({ key: crypto.randomUUID(), file, name: file.name, description, preview: URL.createObjectURL(file) }))]);
  };

  // Shared from the gallery: the files wait on this phone (IndexedDB) until they are uploaded, queued or dismissed.
  useEffect(() => {
    if (!opened || !shareId) return;
    let cancelled = false;
    void readSharedFiles(shareId).then((shared) => {
      if (cancelled) return;
      if (shared.length === 0) return notifyInfo('The shared files are no longer on this phone. Share them again, or choose them here.');
      for (const entry of shared) add([entry.file], entry.description);
    });
    return () => {
      cancelled = true;
    };
  }, [opened, shareId]);
  useEffect(() => {
    if (opened && shareFailed) notifyInfo('The shared files could not be kept on this phone (is its storage full?). Choose them here instead.');
  }, [opened, shareFailed]);
  const forgetShare = () => (shareId ? removeSharedFiles(shareId).catch(() => undefined) : Promise.resolve());
  const update = (key: string, patch: Partial<Chosen>) => setChosen((list) => list.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  const ready = chosen.length > 0 && chosen.every((c) => c.description.trim() && c.name.trim());

  const close = () => {
    if (uploading) return;
    setChosen([]);
    setProgress(null);
    void forgetShare();
    onClose();
  };

  async function start() {
    const files = chosen;
    setProgress(files.map(() => 0));
    let succeeded = 0;
    let queued = 0;
    // One toast for the whole batch: each file's news replaces the last (the dialog's title counts the files), and the outcome replaces it all.
    const toast = { id: `media-upload-${Date.now()}` };
    notifyProgress(`Uploading file 1 of ${files.length}`, toast);
    for (const [index, entry] of files.entries()) {
      const n = index + 1;
      setCurrent(n);
      const fields = { name: entry.name.trim(), description: entry.description.trim(), parentId, duration: await readVideoDuration(entry.file) };
      const onProgress = (fraction: number) => setProgress((list) => list && list.map((value, i) => (i === index ? Math.round(fraction * 100) : value)));
      try {
        // Offline (or the connection drops): the file waits on this device and goes by itself later.
        if (!navigator.onLine) {
          await uploadLater(entry.file, fields);
          queued += 1;
          notifyInfo(`File ${n} will upload when you are back online`, toast);
          continue;
        }
        await uploadNow(entry.file, fields, onProgress);
        succeeded += 1;
        notifySuccess(`File ${n} uploaded successfully`, toast);
      } catch (error) {
        if (isNetworkError(error)) {
          try {
            await uploadLater(entry.file, fields);
            queued += 1;
            notifyInfo(`File ${n} will upload when you are back online`, toast);
            continue;
          } catch (storeError) {
            notifyError(storeError, 'Oops! Something went wrong', { prefix: `Error uploading file ${n}:` });
            continue;
          }
        }
        notifyError(error, 'Oops! Something went wrong', { prefix: `Error uploading file ${n}:` });
      }
    }
    if (succeeded === files.length) notifySuccess('All files uploaded successfully', toast);
    else if (queued === files.length) notifyInfo(files.length === 1 ? 'The file will upload when you are back online' : `All ${files.length} files will upload when you are back online`, toast);
    else if (queued > 0) notifyInfo(`${queued} of ${files.length} files will upload when you are back online`, toast);
    else if (succeeded > 0) notifySuccess(`${succeeded} of ${files.length} files uploaded`, toast);
    else hideToast(toast.id);
    // Each file is in the library or in the outbox (with its own copy) now: the shared copies can go.
    await forgetShare();
    await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
    setProgress(null);
    setChosen([]);
    onClose();
  }

  const title = useMemo(() => (uploading ? `Uploading file ${current} of ${chosen.length}` : 'Upload files'), [uploading, current, chosen.length]);

  return (
    <Modal opened={opened} onClose={close} title={title} fullScreen={false} size="lg" closeOnClickOutside={!uploading} withCloseButton={!uploading}>
      <Stack>
        {!uploading && (
          <Stack gap="xs">
            <FileButton onChange={add} accept="image/*,video/*" multiple>
              {(props) => (
                <Button {...props} size="md" leftSection={<IconPhoto size={18} />} variant="light">
                  Photo library
                </Button>
              )}
            </FileButton>
            <FileButton onChange={(file) => file && add([file])} accept="image/*,video/*" capture="environment">
              {(props) => (
                <Button {...props} size="md" leftSection={<IconCamera size={18} />} variant="light">
                  Take photo or video
                </Button>
              )}
            </FileButton>
          </Stack>
        )}
        {chosen.length === 0 && <Text c="dimmed" size="sm">Choose photos or videos from this device, or take new ones.</Text>}
        {chosen.map((entry, index) => (
          <Group key={entry.key} align="flex-start" wrap="nowrap" data-testid="upload-preview">
            {entry.file.type.startsWith('video/') ? (
              <video src={entry.preview} muted playsInline style={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 8 }} />
            ) : (
              <Image src={entry.preview} alt="" w={72} h={72} radius="md" fit="cover" />
            )}
            <Stack gap={6} style={{ flex: 1 }}>
              {uploading ? (
                <>
                  <Text size="sm" fw={500} truncate="end">{entry.name}</Text>
                  <Progress value={progress[index] ?? 0} size="lg" aria-label={`Upload progress of file ${index + 1}`} data-testid="upload-progress" />
                </>
              ) : (
                <>
                  <TextInput size="sm" label="Name" value={entry.name} onChange={(e) => update(entry.key, { name: e.currentTarget.value })} />
                  <Textarea size="sm" label="Description" required autosize minRows={1} value={entry.description} onChange={(e) => update(entry.key, { description: e.currentTarget.value })} />
                </>
              )}
            </Stack>
            {!uploading && <CloseButton size="lg" aria-label={`Remove ${entry.name}`} onClick={() => setChosen((list) => list.filter((c) => c.key !== entry.key))} />}
          </Group>
        ))}
        {!uploading && (
          <Button size="md" disabled={!ready} onClick={() => void start()}>
            Continue
          </Button>
        )}
      </Stack>
    </Modal>
  );
}
