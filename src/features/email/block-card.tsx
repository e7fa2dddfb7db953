import { ActionIcon, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { EmailBlock } from '../../contract/email.ts';
import { BlockFields } from './block-fields.tsx';
import { BLOCK_LABELS } from './email-blocks-edit.ts';
import type { EmailEditorBrand, PickedMedia } from './email-editor-types.ts';
import classes from './email-editor.module.css';

export type BlockCardProps = {
  block: EmailBlock;
  position: number;
  count: number;
  brand: EmailEditorBrand;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onChange: (patch: Partial<EmailBlock>) => void;
  thumbnail: string | null;
  renderMediaPicker?: (onPick: (media: PickedMedia) => void) => ReactNode;
  onPicked: (media: PickedMedia) => void;
};

/** One block: its name, always-visible move and remove buttons (44 px, no hover needed), and its settings. */
export function BlockCard({ block, position, count, canMoveUp, canMoveDown, onMove, onRemove, ...fields }: BlockCardProps) {
  const name = BLOCK_LABELS[block.type];
  return (
    <Paper withBorder radius="lg" p="sm" className={classes.card} component="section" aria-label={`${name}, block ${position} of ${count}`}>
      <Stack gap="sm">
        <div className={classes.cardHeader}>
          <Text fw={600} className={classes.cardTitle} truncate>
            {name}
          </Text>
          <ActionIcon variant="subtle" color="gray" size={44} aria-label={`Move ${name} up`} disabled={!canMoveUp} onClick={() => onMove(-1)}>
            <IconArrowUp size={20} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" size={44} aria-label={`Move ${name} down`} disabled={!canMoveDown} onClick={() => onMove(1)}>
            <IconArrowDown size={20} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" size={44} aria-label={`Remove ${name}`} onClick={onRemove}>
            <IconTrash size={20} />
          </ActionIcon>
        </div>
        <BlockFields block={block} {...fields} />
      </Stack>
    </Paper>
  );
}
