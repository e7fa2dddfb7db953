import { ActionIcon, Badge, Button, Card, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconMail, IconMessage, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_CRON, describeSchedule } from '../../contract/sequence-schedule.ts';
import { SEQUENCE_MESSAGES, type CampaignType } from '../../contract/sequences.ts';
import { SchedulePicker, type ScheduleValue } from './schedule-picker.tsx';
import { sequenceQueries } from './sequences-queries.ts';

/** A step as the editor shows it, before or after it is stored. */
export type StepView = {
  key: string;
  campaign_type: CampaignType;
  campaign_id: string;
  title: string | null;
  cron_schedule: string;
  wait_days: number;
  sent?: number;
  waiting?: number;
  last_error?: string | null;
};

export type NewStep = Omit<StepView, 'key'>;

const TYPE_ICON = { EMAIL: IconMail, SMS: IconMessage } as const;
const TYPE_LABEL = { EMAIL: 'Email', SMS: 'Text' } as const;

/**
 * One step: view mode (what, when, how many got it) and edit mode where only the schedule changes (spec §4);
 * save returns to view. Remove only while more than one step exists (spec §5).
 */
export function StepCard({ step, index, canRemove, timeZone, onSave, onRemove }: { step: StepView; index: number; canRemove: boolean; timeZone: string; onSave: (value: ScheduleValue) => Promise<boolean>; onRemove: () => void }) {
  const [editing, setEditing] = useState<ScheduleValue | null>(null);
  const [saving, setSaving] = useState(false);
  const Icon = TYPE_ICON[step.campaign_type];
  return (
    <Card withBorder radius="lg" padding="md" data-testid="sequence-step">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Badge size="lg" circle variant="filled" aria-label={`Step ${index + 1}`}>
              {index + 1}
            </Badge>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Icon size={16} aria-hidden />
                <Text size="sm" c="dimmed">
                  {TYPE_LABEL[step.campaign_type]}
                </Text>
              </Group>
              <Text fw={700} lineClamp={2}>
                {step.title ?? 'This campaign was deleted'}
              </Text>
            </Stack>
          </Group>
          {!editing && (
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" size={44} aria-label={`Change the schedule of step ${index + 1}`} onClick={() => setEditing({ cron_schedule: step.cron_schedule, wait_days: step.wait_days })}>
                <IconPencil size={20} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" size={44} aria-label={`Remove step ${index + 1}`} disabled={!canRemove} onClick={onRemove}>
                <IconTrash size={20} />
              </ActionIcon>
            </Group>
          )}
        </Group>
        {editing ? (
          <Stack gap="xs">
            <SchedulePicker value={editing} onChange={setEditing} first={index === 0} timeZone={timeZone} />
            <Group grow>
              <Button variant="default" size="md" onClick={() => setEditing(null)} leftSection={<IconX size={18} />}>
                Cancel
              </Button>
              <Button
                size="md"
                loading={saving}
                onClick={async () => {
                  setSaving(true);
                  const saved = await onSave(editing).finally(() => setSaving(false));
                  if (saved) setEditing(null);
                }}
              >
                Save
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text size="sm" data-testid="step-schedule">
            {describeSchedule(step.cron_schedule, step.wait_days, index === 0)}
          </Text>
        )}
        {step.sent !== undefined && (
          <Text size="sm" c="dimmed">
            {step.sent.toLocaleString('en-US')} got it{step.waiting ? ` · ${step.waiting.toLocaleString('en-US')} on the way` : ''}
          </Text>
        )}
        {step.last_error && (
          <Text size="sm" c="red">
            {step.last_error}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The add-campaign panel (spec §2, §4, §5): a plus opens it; the type first (EMAIL or SMS), then one of the
 * completed campaigns of that type, then when it goes.
 */
export function AddStepPanel({ first, timeZone, onAdd }: { first: boolean; timeZone: string; onAdd: (step: NewStep) => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<CampaignType | ''>('');
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [schedule, setSchedule] = useState<ScheduleValue>({ cron_schedule: DEFAULT_CRON, wait_days: 0 });
  const [tried, setTried] = useState(false);
  const [adding, setAdding] = useState(false);
  const choices = useQuery({ ...sequenceQueries.choices(type || 'EMAIL'), enabled: type !== '' });
  const reset = () => {
    setOpen(false);
    setType('');
    setCampaignId(null);
    setSchedule({ cron_schedule: DEFAULT_CRON, wait_days: 0 });
    setTried(false);
  };
  if (!open) {
    return (
      <Button variant="light" size="md" leftSection={<IconPlus size={20} />} onClick={() => setOpen(true)} aria-label={SEQUENCE_MESSAGES.addCampaign}>
        {SEQUENCE_MESSAGES.addCampaign}
      </Button>
    );
  }
  const typeError = tried && !type ? SEQUENCE_MESSAGES.typeRequired : undefined;
  const campaignError = tried && !campaignId ? SEQUENCE_MESSAGES.campaignRequired : undefined;
  const options = (choices.data ?? []).map((choice) => ({ value: choice.id, label: choice.title }));
  const empty = type === 'EMAIL' ? SEQUENCE_MESSAGES.noEmailDrafts : SEQUENCE_MESSAGES.noSmsCampaigns;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="add-step-panel">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={700}>Add a step</Text>
          <ActionIcon variant="subtle" color="gray" size={44} aria-label="Close" onClick={reset}>
            <IconX size={20} />
          </ActionIcon>
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Campaign type
          </Text>
          <SegmentedControl
            fullWidth
            size="md"
            data={[
              { value: 'EMAIL', label: 'Email' },
              { value: 'SMS', label: 'Text (SMS)' },
            ]}
            value={type}
            onChange={(value) => {
              setType(value as CampaignType);
              setCampaignId(null);
            }}
          />
          {typeError && (
            <Text size="sm" c="red">
              {typeError}
            </Text>
          )}
        </Stack>
        {type !== '' && (
          <Select
            label="Campaign"
            placeholder={choices.isLoading ? 'Loading…' : options.length ? 'Choose one' : empty}
            size="md"
            data={options}
            value={campaignId}
            onChange={setCampaignId}
            error={campaignError}
            nothingFoundMessage={empty}
            description={type === 'EMAIL' ? 'Completed emails only' : 'Completed texts only'}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {type === '' && campaignError && (
          <Text size="sm" c="red">
            {campaignError}
          </Text>
        )}
        <SchedulePicker value={schedule} onChange={setSchedule} first={first} timeZone={timeZone} />
        <Button
          size="md"
          loading={adding}
          onClick={async () => {
            setTried(true);
            if (!type || !campaignId) return;
            setAdding(true);
            const title = options.find((option) => option.value === campaignId)?.label ?? null;
            const added = await onAdd({ campaign_type: type, campaign_id: campaignId, title, ...schedule }).finally(() => setAdding(false));
            if (added) reset();
          }}
        >
          {SEQUENCE_MESSAGES.addCampaign}
        </Button>
      </Stack>
    </Paper>
  );
}
