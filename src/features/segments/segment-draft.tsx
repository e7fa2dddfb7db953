import { Button, Divider, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { SegmentDefinition, SegmentPreview } from '../../contract/segments.ts';
import { ApiError } from '../../lib/api.ts';
import { ConditionList } from './condition-list.tsx';
import { SegmentSample } from './segment-sample.tsx';
import { useSegmentPreview } from './use-segment-preview.ts';

type DraftProps = {
  proposal: SegmentPreview;
  /** Only the newest proposal can be adjusted and saved; older ones stay in the chat as they were. */
  active: boolean;
  saving: boolean;
  onSave: (draft: { title: string; definition: SegmentDefinition }) => void;
};

/** What the assistant understood, in plain words, with the live count and sample, ready to adjust and save. */
export function SegmentDraft({ proposal, active, saving, onSave }: DraftProps) {
  const [definition, setDefinition] = useState(proposal.definition);
  const [title, setTitle] = useState(proposal.segmentation_title);
  const { preview, updating, error } = useSegmentPreview(definition, proposal);
  const count = preview.count;

  return (
    <Stack gap="sm">
      <Text>Here is who I understood. Adjust or remove a condition and the count follows.</Text>
      <ConditionList definition={definition} onChange={setDefinition} disabled={!active || saving} />
      <Group gap="xs" align="center" aria-live="polite">
        <Text fz={28} fw={700} lh={1} data-testid="segment-count">
          {count.toLocaleString('en-US')}
        </Text>
        <Text c="dimmed">{count === 1 ? 'customer matches' : 'customers match'}</Text>
        {active && updating && <Loader size="xs" aria-label="Counting" />}
      </Group>
      {active && error && !updating && (
        <Text size="sm" c="red.8" role="alert">
          Could not count this version: {error instanceof ApiError && error.fromServer ? error.message : 'check your connection and try again'}.
        </Text>
      )}
      {preview.sample.length > 0 && (
        <>
          <Divider label={count > 5 ? 'Five of them' : 'They are'} labelPosition="left" />
          <SegmentSample customers={preview.sample} />
        </>
      )}
      {active && (
        <Stack gap="xs" mt="xs">
          <TextInput label="Segment name" value={title} onChange={(event) => setTitle(event.currentTarget.value)} maxLength={120} required />
          <Button
            fullWidth
            size="lg"
            loading={saving}
            disabled={!title.trim() || updating}
            onClick={() => onSave({ title: title.trim(), definition })}
          >
            Save segment
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
