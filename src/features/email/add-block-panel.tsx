import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { EmailBlockType, EmailContent } from '../../contract/email.ts';
import { ADDABLE_BLOCKS, canAdd } from './email-blocks-edit.ts';

/** Inline, not a floating menu: it stays usable with the keyboard open and never covers the block being edited. */
export function AddBlockPanel({ content, onAdd }: { content: EmailContent; onAdd: (type: EmailBlockType) => void }) {
  const [open, setOpen] = useState(false);
  const choices = ADDABLE_BLOCKS.filter((choice) => canAdd(content, choice.type));
  return (
    <Stack gap="sm">
      <Button variant="light" size="md" h={48} fullWidth leftSection={<IconPlus size={18} />} aria-expanded={open} disabled={choices.length === 0} onClick={() => setOpen(!open)}>
        {open ? 'Close' : 'Add a block'}
      </Button>
      {open && (
        <SimpleGrid cols={2} spacing="xs">
          {choices.map((choice) => (
            <Button
              key={choice.type}
              variant="default"
              h={48}
              onClick={() => {
                onAdd(choice.type);
                setOpen(false);
              }}
            >
              {choice.label}
            </Button>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
