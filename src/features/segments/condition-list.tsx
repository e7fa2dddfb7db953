import { ActionIcon, Box, Collapse, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { describeCondition } from '../../contract/segment-words.ts';
import type { Condition, SegmentDefinition, SegmentGroup, SegmentNode } from '../../contract/segments.ts';
import { ConditionEditor } from './condition-editor.tsx';
import { removeAt, replaceAt, setGroupOp, type NodePath } from './definition-edit.ts';

type ListProps = { definition: SegmentDefinition; onChange: (next: SegmentDefinition) => void; disabled?: boolean };

/** The conditions the assistant understood, each in plain words with Adjust and Remove. */
export function ConditionList({ definition, onChange, disabled }: ListProps) {
  if (definition.conditions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No conditions: every customer is included.
      </Text>
    );
  }
  return <GroupBody group={definition} path={[]} definition={definition} onChange={onChange} disabled={disabled} />;
}

type NodeProps = { path: NodePath; definition: SegmentDefinition; onChange: (next: SegmentDefinition) => void; disabled?: boolean };

function GroupBody({ group, path, definition, onChange, disabled }: NodeProps & { group: SegmentGroup }) {
  return (
    <Stack gap="xs">
      {group.conditions.length > 1 && (
        <SegmentedControl
          size="sm"
          aria-label="Match"
          disabled={disabled}
          data={[
            { value: 'and', label: 'Match all' },
            { value: 'or', label: 'Match any' },
          ]}
          value={group.op}
          onChange={(op) => onChange(replaceAt(definition, path, setGroupOp(group, op as 'and' | 'or')))}
        />
      )}
      {group.conditions.map((child, index) => (
        <NodeRow key={`${path.join('.')}.${index}.${child.type}`} node={child} path={[...path, index]} definition={definition} onChange={onChange} disabled={disabled} />
      ))}
    </Stack>
  );
}

function NodeRow({ node, ...props }: NodeProps & { node: SegmentNode }) {
  if (node.type === 'group') {
    return (
      <Paper withBorder p="xs" radius="md">
        <Group justify="space-between" wrap="nowrap" mb="xs">
          <Text size="sm" fw={600}>
            {node.op === 'and' ? 'All of these' : 'Any of these'}
          </Text>
          <RemoveButton label="Remove this group" disabled={props.disabled} onClick={() => props.onChange(removeAt(props.definition, props.path))} />
        </Group>
        <GroupBody group={node} {...props} />
      </Paper>
    );
  }
  return <ConditionRow condition={node} {...props} />;
}

function ConditionRow({ condition, path, definition, onChange, disabled }: NodeProps & { condition: Condition }) {
  const [editing, setEditing] = useState(false);
  const words = describeCondition(condition);
  return (
    <Paper withBorder p="xs" radius="md" data-testid="segment-condition">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={500} style={{ flex: 1 }}>
          {words}
        </Text>
        <ActionIcon
          variant={editing ? 'filled' : 'light'}
          size={44}
          aria-label={`Adjust: ${words}`}
          aria-expanded={editing}
          disabled={disabled}
          onClick={() => setEditing((open) => !open)}
        >
          <IconAdjustmentsHorizontal size={20} />
        </ActionIcon>
        <RemoveButton label={`Remove: ${words}`} disabled={disabled} onClick={() => onChange(removeAt(definition, path))} />
      </Group>
      {/* Mounted only while open: a closed editor's fields would still be read out and tabbed through. */}
      <Collapse expanded={editing}>
        {editing && (
          <Box pt="sm">
            <ConditionEditor condition={condition} onChange={(next) => onChange(replaceAt(definition, path, next))} />
          </Box>
        )}
      </Collapse>
    </Paper>
  );
}

function RemoveButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <ActionIcon variant="subtle" color="gray" size={44} aria-label={label} onClick={onClick} disabled={disabled}>
      <IconX size={20} />
    </ActionIcon>
  );
}
