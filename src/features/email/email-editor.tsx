import { Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { EmailBlock, EmailBlockType, EmailContent } from '../../contract/email.ts';
import { EMAIL_LIMITS } from '../../contract/email.ts';
import { AddBlockPanel } from './add-block-panel.tsx';
import { BlockCard } from './block-card.tsx';
import { BLOCK_LABELS, editEmail, freshBlockId, movable, newBlock, type EmailEditAction } from './email-blocks-edit.ts';
import type { EmailEditorBrand, PickedMedia } from './email-editor-types.ts';
import classes from './email-editor.module.css';
import { EmailPreview } from './email-preview.tsx';
import { useEmailPreview, useKeepFocusedInView } from './use-email-preview.ts';

export type { PickedMedia } from './email-editor-types.ts';

export type EmailEditorProps = {
  value: EmailContent;
  onChange: (next: EmailContent) => void;
  brand: EmailEditorBrand;
  /** The route's media library picker (a button that opens it); it calls `onPick` with the chosen photo. */
  renderMediaPicker?: (onPick: (media: PickedMedia) => void) => ReactNode;
  /** Thumbnails for photos already in the email (by media id). */
  mediaThumbnail?: (mediaId: string) => string | null | undefined;
  /** Server-rendered HTML of `value`, when the route renders it itself ... */
  previewHtml?: string | null;
  /** ... or a call that asks the server to render the content; made a moment after each change. */
  renderPreview?: (content: EmailContent) => Promise<string>;
};

/**
 * The visual email editor (touch first): subject and preheader, then one card per block with move up/down and
 * remove, an inline panel to add blocks, rich text in text blocks, button link and colour, photos through the
 * route's media picker, and a server-rendered preview at phone and desktop width. On a phone, Edit and
 * Preview are two views; on a wide screen they sit side by side. Loaded lazily by its route.
 */
export function EmailEditor({ value, onChange, brand, renderMediaPicker, mediaThumbnail, previewHtml, renderPreview }: EmailEditorProps) {
  const wide = useMediaQuery('(min-width: 62em)');
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const [removed, setRemoved] = useState<{ block: EmailBlock; index: number } | null>(null);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const [added, setAdded] = useState<string | null>(null);
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const latest = useRef(value);
  latest.current = value;
  const preview = useEmailPreview(value, previewHtml, renderPreview);
  useKeepFocusedInView(root);

  // Quill reports changes asynchronously; always edit the newest content so no keystroke is lost.
  const dispatch = (action: EmailEditAction) => {
    const next = editEmail(latest.current, action);
    if (next !== latest.current) {
      latest.current = next;
      onChange(next);
    }
  };

  const handleRemove = (block: EmailBlock) => {
    setRemoved({ block, index: value.blocks.findIndex((existing) => existing.id === block.id) });
    dispatch({ type: 'remove', id: block.id });
  };

  const handleAdd = (type: EmailBlockType) => {
    const id = freshBlockId(latest.current);
    setRemoved(null);
    dispatch({ type: 'add', block: newBlock(type, id) });
    setAdded(id);
  };

  useEffect(() => {
    if (added) document.getElementById(`email-block-${added}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [added]);

  const thumbnailOf = (block: EmailBlock) => (block.type === 'image' && block.media_id ? (picked[block.media_id] ?? mediaThumbnail?.(block.media_id) ?? null) : null);

  const editor = (
    <Stack gap="md" ref={setRoot}>
      <Paper withBorder radius="lg" p="sm">
        <Stack gap="sm">
          <TextInput
            label="Subject"
            value={value.subject}
            maxLength={EMAIL_LIMITS.subject}
            error={value.subject.trim() ? null : 'Subject is required'}
            onChange={(event) => dispatch({ type: 'subject', value: event.currentTarget.value })}
          />
          <TextInput
            label="Preheader"
            description="The short line shown after the subject in the inbox"
            value={value.preheader}
            maxLength={EMAIL_LIMITS.preheader}
            onChange={(event) => dispatch({ type: 'preheader', value: event.currentTarget.value })}
          />
        </Stack>
      </Paper>
      {value.blocks.map((block, index) => {
        const can = movable(value, block.id);
        return (
          <div key={block.id} id={`email-block-${block.id}`}>
            <BlockCard
              block={block}
              position={index + 1}
              count={value.blocks.length}
              brand={brand}
              canMoveUp={can.up}
              canMoveDown={can.down}
              onMove={(by) => dispatch({ type: 'move', id: block.id, by })}
              onRemove={() => handleRemove(block)}
              onChange={(patch) => dispatch({ type: 'update', id: block.id, patch })}
              thumbnail={thumbnailOf(block)}
              renderMediaPicker={renderMediaPicker}
              onPicked={(media) => media.thumbnailUrl && setPicked((current) => ({ ...current, [media.id]: media.thumbnailUrl! }))}
            />
          </div>
        );
      })}
      {value.blocks.length === 0 && (
        <Text c="dimmed" ta="center">
          This email has no blocks yet. Add one below.
        </Text>
      )}
      {removed && (
        <Paper withBorder radius="lg" p="xs" role="status">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{BLOCK_LABELS[removed.block.type]} removed</Text>
            <Button
              variant="subtle"
              h={44}
              onClick={() => {
                dispatch({ type: 'restore', ...removed });
                setRemoved(null);
              }}
            >
              Undo
            </Button>
          </Group>
        </Paper>
      )}
      <AddBlockPanel content={value} onAdd={handleAdd} />
    </Stack>
  );
  const shownPreview = <EmailPreview html={preview.html} loading={preview.loading} error={preview.error} />;

  if (wide) {
    return (
      <div className={classes.layout}>
        {editor}
        <div className={classes.previewColumn}>{shownPreview}</div>
      </div>
    );
  }
  return (
    <Stack gap="md">
      <SegmentedControl
        fullWidth
        size="md"
        aria-label="Edit or preview"
        value={view}
        onChange={(next) => setView(next as 'edit' | 'preview')}
        data={[
          { value: 'edit', label: 'Edit' },
          { value: 'preview', label: 'Preview' },
        ]}
      />
      {view === 'edit' ? editor : shownPreview}
    </Stack>
  );
}
