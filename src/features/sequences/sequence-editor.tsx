import { ActionIcon, Alert, Badge, Button, Checkbox, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconChevronLeft, IconPlayerPause, IconPlayerPlay, IconRocket, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState, type ReactNode } from 'react';
import { CreateSequenceRequestSchema, SEQUENCE_MESSAGES, type Sequence, type SequenceStatus } from '../../contract/sequences.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { schemaErrors, serverFieldErrors } from '../../ui/contract-form.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { segmentQueries } from '../segments/segments-queries.ts';
import { AddStepPanel, StepCard, type NewStep, type StepView } from './sequence-items.tsx';
import { SequencePreviewModal } from './sequence-preview.tsx';
import { SequenceResults } from './sequence-results.tsx';
import { sequencesApi } from './sequences-api.ts';
import { useSequenceEdit } from './sequences-mutations.ts';
import { sequenceKeys } from './sequences-queries.ts';

export const STATUS_COLORS: Record<SequenceStatus, string> = { DRAFT: 'gray', ACTIVE: 'teal', PAUSED: 'yellow', CANCELLED: 'red' };
export const STATUS_LABELS: Record<SequenceStatus, string> = { DRAFT: 'Draft', ACTIVE: 'Active', PAUSED: 'Paused', CANCELLED: 'Cancelled' };

function EditorHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" mb="md">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon component={Link} to="/campaigns/sequences" variant="subtle" color="gray" size={44} aria-label="Back to sequences">
          <IconChevronLeft size={22} />
        </ActionIcon>
        <Title order={1} fz={24}>
          {title}
        </Title>
      </Group>
      {children}
    </Group>
  );
}

type Draft = { title: string; description: string; segmentation_id: string; holdout: boolean; steps: StepView[] };

/** 'New Sequence': title, description, segment, the steps; created in one call (spec §7: create with items). */
export function NewSequenceEditor({ timeZone }: { timeZone: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const segments = useQuery(segmentQueries.list());
  const [draft, setDraft] = useState<Draft>({ title: '', description: '', segmentation_id: '', holdout: false, steps: [] });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, ReactNode>>({});
  const [saving, setSaving] = useState(false);
  const key = useRef(crypto.randomUUID());
  const request = () => ({
    title: draft.title,
    description: draft.description,
    segmentation_id: draft.segmentation_id,
    holdout_percent: (draft.holdout ? 10 : 0) as 0 | 10,
    items: draft.steps.map((step) => ({ campaign_type: step.campaign_type, campaign_id: step.campaign_id, cron_schedule: step.cron_schedule, wait_days: step.wait_days })),
  });
  // Validated as the fields change (spec §5); a field shows its message once touched, or after a submit.
  const errors = { ...schemaErrors(CreateSequenceRequestSchema, request()), ...serverErrors };
  const shown = (field: string) => (touched[field] || touched.submit ? errors[field] : undefined);
  const change = (patch: Partial<Draft>, field: string) => {
    setDraft((current) => ({ ...current, ...patch }));
    setTouched((current) => ({ ...current, [field]: true }));
    setServerErrors((current) => ({ ...current, [field === 'steps' ? 'items' : field]: undefined }));
  };
  const submit = async () => {
    setTouched((current) => ({ ...current, submit: true }));
    if (Object.values(schemaErrors(CreateSequenceRequestSchema, request())).some(Boolean)) {
      notifyError(null, SEQUENCE_MESSAGES.fixErrors);
      return;
    }
    setSaving(true);
    try {
      const created = await sequencesApi.create(request(), key.current);
      queryClient.setQueryData(sequenceKeys.detail(created.id), created.sequence);
      await queryClient.invalidateQueries({ queryKey: sequenceKeys.lists() });
      notifySuccess(SEQUENCE_MESSAGES.created);
      await navigate({ to: '/campaigns/sequences/$id', params: { id: created.id } });
    } catch (error) {
      setServerErrors(serverFieldErrors(error, { segmentation_id: 'segmentation_id', items: 'items' }));
      notifyError(error, SEQUENCE_MESSAGES.createFailed);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="md" maw={560}>
      <EditorHeader title="New Sequence" />
      <TextInput label="Title" size="md" value={draft.title} onChange={(event) => change({ title: event.currentTarget.value }, 'title')} error={shown('title')} placeholder="Win back lapsed regulars" />
      <Textarea label="Description" size="md" autosize minRows={2} value={draft.description} onChange={(event) => change({ description: event.currentTarget.value }, 'description')} error={shown('description')} placeholder="What it is for, in a line" />
      <Select
        label="Customer segment"
        size="md"
        placeholder={segments.isLoading ? 'Loading…' : 'Choose a segment'}
        data={(segments.data?.results ?? []).map((segment) => ({ value: segment.id, label: segment.segmentation_title }))}
        value={draft.segmentation_id || null}
        onChange={(value) => change({ segmentation_id: value ?? '' }, 'segmentation_id')}
        error={shown('segmentation_id')}
        description="Set now, then fixed"
        comboboxProps={{ withinPortal: true }}
      />
      <Checkbox size="md" label="Keep 10% of the segment back at random from every step, to see what the sequence really brings in" checked={draft.holdout} onChange={(event) => change({ holdout: event.currentTarget.checked }, 'holdout')} />
      <Title order={2} fz={18} mt="sm">
        Steps
      </Title>
      {draft.steps.map((step, index) => (
        <StepCard
          key={step.key}
          step={step}
          index={index}
          canRemove={draft.steps.length > 1}
          timeZone={timeZone}
          onSave={async (value) => {
            change({ steps: draft.steps.map((each) => (each.key === step.key ? { ...each, ...value } : each)) }, 'steps');
            notifySuccess(SEQUENCE_MESSAGES.itemUpdated);
            return true;
          }}
          onRemove={() => {
            change({ steps: draft.steps.filter((each) => each.key !== step.key) }, 'steps');
            notifySuccess(SEQUENCE_MESSAGES.itemDeleted);
          }}
        />
      ))}
      {shown('items') && (
        <Text size="sm" c="red" role="alert">
          {shown('items')}
        </Text>
      )}
      <AddStepPanel
        first={draft.steps.length === 0}
        timeZone={timeZone}
        onAdd={async (step: NewStep) => {
          change({ steps: [...draft.steps, { ...step, key: crypto.randomUUID() }] }, 'steps');
          notifySuccess(SEQUENCE_MESSAGES.itemAdded);
          return true;
        }}
      />
      <Text size="sm" c="dimmed">
        Nothing is sent until you launch it. Times are in your restaurant&apos;s time zone (set in Restaurant content).
      </Text>
      <Button size="lg" loading={saving} onClick={() => void submit()}>
        Create sequence
      </Button>
    </Stack>
  );
}

/** 'Edit Sequence': every change is stored at once (through the outbox); Preview, Launch, Pause, Resume, Cancel. */
export function EditSequenceEditor({ sequence }: { sequence: Sequence }) {
  const queryClient = useQueryClient();
  const edit = useSequenceEdit(sequence);
  const [title, setTitle] = useState(sequence.title);
  const [description, setDescription] = useState(sequence.description);
  const [previewing, setPreviewing] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const cancelled = sequence.status === 'CANCELLED';
  const titleError = title.trim() ? undefined : SEQUENCE_MESSAGES.titleRequired;
  const descriptionError = description.trim() ? undefined : SEQUENCE_MESSAGES.descriptionRequired;
  const dirty = title !== sequence.title || description !== sequence.description;
  const path = `/sequences/${encodeURIComponent(sequence.id)}`;
  const queued = () => notifySuccess('Saved on this phone: it will sync when you are back online');

  const setStatus = async (status: SequenceStatus) => {
    try {
      const body = await edit.mutateAsync({ kind: 'sequence.status', label: `${STATUS_LABELS[status]}: “${sequence.title}”`, path: `${path}/status`, json: { status } });
      if (body) notifySuccess(body.message);
      else queued();
      setConfirmCancel(false);
      setPreviewing(false);
    } catch (error) {
      notifyError(error);
    }
  };
  const saveDetails = async () => {
    if (titleError || descriptionError) {
      notifyError(null, SEQUENCE_MESSAGES.fixErrors);
      return;
    }
    try {
      const body = await edit.mutateAsync({ kind: 'sequence.details', label: `Changes to “${title}”`, path, json: { title, description }, versioned: true });
      if (body) notifySuccess('Updated successfully');
      else queued();
    } catch (error) {
      notifyError(error);
    }
  };
  const steps: StepView[] = sequence.items.map((item) => ({
    key: item.id,
    campaign_type: item.campaign_type,
    campaign_id: item.campaign_id,
    title: item.campaign_details?.title ?? null,
    cron_schedule: item.cron_schedule,
    wait_days: item.wait_days,
    sent: item.sent,
    waiting: item.waiting,
    last_error: item.last_error,
  }));
  const store = (next: Sequence) => {
    queryClient.setQueryData(sequenceKeys.detail(next.id), next);
    void queryClient.invalidateQueries({ queryKey: sequenceKeys.lists() });
  };

  return (
    <Stack gap="md" maw={560}>
      <EditorHeader title="Edit Sequence">
        <Badge size="lg" variant="light" color={STATUS_COLORS[sequence.status]} data-testid="sequence-status">
          {STATUS_LABELS[sequence.status]}
        </Badge>
      </EditorHeader>
      {!cancelled && (
        <Group grow gap="xs">
          <Button variant="default" size="md" onClick={() => setPreviewing(true)}>
            Preview
          </Button>
          {sequence.status === 'DRAFT' && (
            <Button size="md" leftSection={<IconRocket size={18} />} loading={edit.isPending} onClick={() => setPreviewing(true)}>
              Launch
            </Button>
          )}
          {sequence.status === 'ACTIVE' && (
            <Button size="md" color="yellow" leftSection={<IconPlayerPause size={18} />} loading={edit.isPending} onClick={() => void setStatus('PAUSED')}>
              Pause
            </Button>
          )}
          {sequence.status === 'PAUSED' && (
            <Button size="md" leftSection={<IconPlayerPlay size={18} />} loading={edit.isPending} onClick={() => void setStatus('ACTIVE')}>
              Resume
            </Button>
          )}
        </Group>
      )}
      {cancelled && <Alert color="gray">This sequence was cancelled: it sends nothing more and cannot be started again.</Alert>}
      <TextInput label="Title" size="md" value={title} onChange={(event) => setTitle(event.currentTarget.value)} error={titleError} disabled={cancelled} />
      <Textarea label="Description" size="md" autosize minRows={2} value={description} onChange={(event) => setDescription(event.currentTarget.value)} error={descriptionError} disabled={cancelled} />
      {dirty && (
        <Button variant="light" size="md" onClick={() => void saveDetails()} loading={edit.isPending}>
          Save title and description
        </Button>
      )}
      {/* Fixed once made: shown whole (a long segment name wraps on a phone instead of being cut like in a select). */}
      <Textarea label="Customer segment" size="md" autosize minRows={1} value={sequence.segment_title ?? 'Deleted segment'} readOnly disabled description="Set when the sequence was made" />
      {sequence.holdout_percent > 0 && (
        <Text size="sm" c="dimmed">
          {sequence.holdout_percent}% of the segment&apos;s guests are kept back at random from every step, to measure the lift.
        </Text>
      )}
      <Title order={2} fz={18} mt="sm">
        Steps
      </Title>
      {steps.map((step, index) => (
        <StepCard
          key={step.key}
          step={step}
          index={index}
          canRemove={steps.length > 1 && !cancelled}
          timeZone={sequence.time_zone}
          onSave={async (value) => {
            try {
              const body = await edit.mutateAsync({ kind: 'sequence.item', label: `New schedule for step ${index + 1} of “${sequence.title}”`, path: `${path}/items/${encodeURIComponent(step.key)}`, json: { updates: value } });
              if (body) notifySuccess(SEQUENCE_MESSAGES.itemUpdated);
              else queued();
              return true;
            } catch (error) {
              notifyError(error, SEQUENCE_MESSAGES.itemUpdateFailed);
              return false;
            }
          }}
          onRemove={async () => {
            try {
              const body = await sequencesApi.deleteItem(sequence.id, step.key, crypto.randomUUID());
              store(body.sequence);
              notifySuccess(SEQUENCE_MESSAGES.itemDeleted);
            } catch (error) {
              const text = error instanceof Error ? error.message : String(error);
              notifyError(null, `${SEQUENCE_MESSAGES.itemDeleteFailed} ${text}`);
            }
          }}
        />
      ))}
      {!cancelled && (
        <AddStepPanel
          first={steps.length === 0}
          timeZone={sequence.time_zone}
          onAdd={async (step) => {
            try {
              const body = await sequencesApi.addItem(sequence.id, { campaign_type: step.campaign_type, campaign_id: step.campaign_id, cron_schedule: step.cron_schedule, wait_days: step.wait_days }, crypto.randomUUID());
              store(body.sequence);
              notifySuccess(SEQUENCE_MESSAGES.itemAdded);
              return true;
            } catch (error) {
              notifyError(error, SEQUENCE_MESSAGES.itemAddFailed);
              return false;
            }
          }}
        />
      )}
      {sequence.status !== 'DRAFT' && <SequenceResults sequenceId={sequence.id} />}
      {!cancelled && (
        <Button variant="subtle" color="red" size="md" leftSection={<IconX size={18} />} onClick={() => setConfirmCancel(true)}>
          Cancel this sequence
        </Button>
      )}
      <SequencePreviewModal
        sequence={sequence}
        opened={previewing}
        onClose={() => setPreviewing(false)}
        launching={edit.isPending}
        onLaunch={sequence.status === 'DRAFT' ? () => void setStatus('ACTIVE') : undefined}
      />
      <ConfirmModal
        opened={confirmCancel}
        title="Cancel this sequence?"
        message={`“${sequence.title}” will send nothing more, and what is still waiting to go out is dropped. This cannot be undone.`}
        confirmLabel="Cancel sequence"
        loading={edit.isPending}
        onClose={() => setConfirmCancel(false)}
        onConfirm={() => void setStatus('CANCELLED')}
      />
    </Stack>
  );
}
