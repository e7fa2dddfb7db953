import { Alert, Button, Group, List, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { IconCalendarEvent, IconDeviceFloppy, IconRefresh, IconSend } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { TEXT_LIMITS, TEXT_MESSAGES, type SmsCampaign } from '../../contract/text.ts';
import { useOnline } from '../../lib/offline/online.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notify.ts';
import { initialSchedule, scheduledInstant, scheduleErrors, ScheduleFields, type ScheduleErrors, type ScheduleValue } from '../../ui/schedule-fields.tsx';
import { segmentQueries } from '../segments/segments-queries.ts';
import { SmsMeter } from './sms-meter.tsx';
import { textApi } from './text-api.ts';
import { dollarsOf } from './text-format.ts';
import { scheduleText, useEditText, useRegenerateText } from './text-mutations.ts';
import { textKeys, textQueries } from './text-queries.ts';
import { NotDeliveringNotice } from './text-readiness.tsx';

type TextEditorProps = {
  campaign: SmsCampaign;
  /** The restaurant's time zone (schedules are picked in it). */
  timeZone: string;
  /** After a launch or a schedule: spec §4, both return to /campaigns/text-campaigns. */
  onDone: () => void;
};

const ACTIVE = ['SCHEDULED', 'PENDING', 'COMPLETED'];

/**
 * Spec §2 generated-text: edit the text with the live counter, regenerate, choose a segment, then launch now or
 * schedule (Launch now is disabled once a date is chosen). Before confirming it shows who it reaches, what it
 * costs and who waits for their quiet hours to end.
 */
export function TextEditor({ campaign, timeZone, onDone }: TextEditorProps) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const [text, setText] = useState(campaign.final_sms_draft);
  const [savedText, setSavedText] = useState(campaign.final_sms_draft);
  const [segmentId, setSegmentId] = useState<string | null>(null);
  const [segmentError, setSegmentError] = useState<string | null>(null);
  const [schedule, setSchedule] = useState<ScheduleValue>(() => initialSchedule(new Date(), timeZone));
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const [busy, setBusy] = useState<'launch' | 'schedule' | null>(null);
  const [holdout, setHoldout] = useState(false);
  const launchKey = useRef(crypto.randomUUID());
  const edit = useEditText(campaign);
  const regenerate = useRegenerateText();
  const readiness = useQuery(textQueries.readiness());
  const segments = useQuery(segmentQueries.list());
  const at = schedule.date ? scheduledInstant(schedule, timeZone) : null;
  const atIso = at && at.getTime() > Date.now() ? at.toISOString() : null;
  const preview = useQuery({ ...textQueries.preview(campaign.id, segmentId ?? '', atIso), enabled: Boolean(segmentId) && online && text === savedText });

  // The server's copy moved on (a regenerate, an edit from another phone) while this one has no unsaved change: show it.
  if (campaign.final_sms_draft !== savedText && text === savedText) {
    setText(campaign.final_sms_draft);
    setSavedText(campaign.final_sms_draft);
  }

  const dirty = text.trim() !== savedText.trim();
  const tooLong = text.length > TEXT_LIMITS.draft;
  const sentAlready = campaign.send && ACTIVE.includes(campaign.send.status) ? campaign.send : null;

  const save = async (): Promise<boolean> => {
    if (!text.trim()) {
      notifyError(null, 'Text cannot be empty');
      return false;
    }
    try {
      const result = await edit.mutateAsync(text.trim());
      setSavedText(text.trim());
      setText(text.trim());
      if (result.queued) {
        notifyInfo('Saved on this phone. It will reach the server when you are back online.');
        return false;
      }
      notifySuccess(result.body.message);
      return true;
    } catch (error) {
      notifyError(error, TEXT_MESSAGES.fallback);
      return false;
    }
  };

  const needSegment = () => {
    if (segmentId) return false;
    setSegmentError(TEXT_MESSAGES.segmentRequired);
    notifyError(null, TEXT_MESSAGES.segmentRequired);
    return true;
  };
  const heldNote = (held: Array<{ sentence: string }>) => (held.length ? ` ${held.map((hold) => hold.sentence).join(' ')}` : '');

  const handleLaunch = async () => {
    if (needSegment()) return;
    if (!online) {
      notifyInfo('Launching needs a connection. Schedule it instead, or try again when you are back online.');
      return;
    }
    setBusy('launch');
    try {
      if (dirty && !(await save())) return;
      const result = await textApi.launch({ campaign_id: campaign.id, segmentation_id: segmentId!, holdout_percent: holdout ? 10 : 0 }, launchKey.current);
      launchKey.current = crypto.randomUUID();
      notifySuccess(`${result.message}.${heldNote(result.held)}`.replace('..', '.'));
      await queryClient.invalidateQueries({ queryKey: textKeys.all });
      onDone();
    } catch (error) {
      notifyError(error, TEXT_MESSAGES.fallback);
    } finally {
      setBusy(null);
    }
  };

  const handleSchedule = async () => {
    const found = scheduleErrors(schedule, new Date(), timeZone);
    setErrors(found);
    if (needSegment()) return;
    const first = Object.values(found)[0];
    if (first) {
      notifyError(null, first);
      return;
    }
    setBusy('schedule');
    try {
      if (dirty && !(await save()) && online) return;
      const result = await scheduleText(campaign, segmentId!, scheduledInstant(schedule, timeZone)!, holdout ? 10 : 0);
      if (result.queued) notifyInfo('Scheduled on this phone. It will reach the server when you are back online.');
      else {
        notifySuccess(`${result.body.message}.${heldNote(result.body.held)}`.replace('..', '.'));
        await queryClient.invalidateQueries({ queryKey: textKeys.all });
      }
      onDone();
    } catch (error) {
      notifyError(error, TEXT_MESSAGES.fallback);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} fz={24}>
          {campaign.user_title}
        </Title>
        <Text size="sm" c="dimmed">
          Edit the text, then send it now or pick a moment.
        </Text>
      </Stack>
      {sentAlready && (
        <Alert color="blue" data-testid="text-already-sent">
          {sentAlready.status === 'SCHEDULED' ? 'This text is scheduled.' : 'This text has been sent.'}{' '}
          <Button variant="subtle" size="compact-sm" renderRoot={(props) => <Link {...props} to="/campaigns/text-campaigns/text/$campaignId" params={{ campaignId: campaign.id }} />}>
            See the report
          </Button>
        </Alert>
      )}
      <Stack gap="xs">
        <Textarea
          label="Text message"
          size="md"
          autosize
          minRows={4}
          maxRows={12}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={tooLong ? `Text must be at most ${TEXT_LIMITS.draft} characters` : undefined}
          data-testid="text-draft-input"
        />
        <SmsMeter text={text} onReplace={setText} recipients={segmentId ? (preview.data?.recipients ?? null) : null} pricePerSegmentCents={readiness.data?.price_per_segment_cents ?? null} />
        <Group gap="xs">
          <Button variant="default" size="md" leftSection={<IconDeviceFloppy size={18} />} disabled={!dirty || tooLong} loading={edit.isPending} onClick={() => void save()}>
            Save text
          </Button>
          <Button
            variant="light"
            size="md"
            leftSection={<IconRefresh size={18} />}
            loading={regenerate.isPending}
            disabled={!online}
            onClick={() =>
              regenerate.mutate(campaign, {
                onSuccess: (result) => {
                  setText(result.final_sms_draft);
                  setSavedText(result.final_sms_draft);
                  notifySuccess(result.message || TEXT_MESSAGES.regenerated);
                },
                onError: (error) => notifyError(error, TEXT_MESSAGES.fallback),
              })
            }
          >
            Regenerate
          </Button>
        </Group>
      </Stack>

      <Paper withBorder radius="lg" p="md" data-testid="text-send-panel">
        <Stack gap="md">
          <Title order={2} fz="lg">
            Send it
          </Title>
          {readiness.data && !readiness.data.delivers && <NotDeliveringNotice />}
          <Select
            label="Customer segment"
            size="md"
            placeholder={segments.data?.results.length === 0 ? 'Make a segment first (Customers → Segments)' : 'Who gets it'}
            data={(segments.data?.results ?? []).map((segment) => ({ value: segment.id, label: segment.segmentation_title }))}
            value={segmentId}
            onChange={(value) => {
              setSegmentId(value);
              setSegmentError(null);
            }}
            error={segmentError}
            comboboxProps={{ withinPortal: true }}
          />
          {segmentId && (
            <Stack gap={4} data-testid="text-preview">
              {preview.data ? (
                <>
                  <Text size="sm" c={preview.data.recipients === 0 ? 'red.8' : undefined} fw={600}>
                    {preview.data.recipients === 0
                      ? 'Nobody in this segment can get a text: no one there has a mobile number and has agreed to marketing texts.'
                      : `It will reach ${preview.data.recipients.toLocaleString('en-US')} ${preview.data.recipients === 1 ? 'guest' : 'guests'} who agreed to texts, ${preview.data.segments_per_text} ${preview.data.segments_per_text === 1 ? 'segment' : 'segments'} each.`}
                  </Text>
                  {preview.data.estimated_cost_cents !== null && preview.data.recipients > 0 && (
                    <Text size="sm" c="dimmed">
                      Estimated cost: {dollarsOf(preview.data.estimated_cost_cents)} (an estimate; your carrier bills the real amount)
                    </Text>
                  )}
                  {preview.data.held.length > 0 && (
                    <List size="sm" spacing={2} data-testid="text-held">
                      {preview.data.held.map((hold) => (
                        <List.Item key={hold.until}>{hold.sentence}</List.Item>
                      ))}
                    </List>
                  )}
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  {dirty ? 'Save the text to see who it reaches.' : online ? 'Counting who it will reach…' : 'Who it reaches is counted when you are back online.'}
                </Text>
              )}
            </Stack>
          )}
          <Switch
            size="md"
            checked={holdout}
            onChange={(event) => setHoldout(event.currentTarget.checked)}
            label="Keep 10% back to measure what it brings in"
            description="A random tenth of the segment does not get it; the report compares their visits with everyone else's."
          />
          <ScheduleFields value={schedule} onChange={(next) => (setSchedule(next), setErrors({}))} timeZone={timeZone} errors={errors} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Button
              size="lg"
              leftSection={<IconSend size={20} />}
              loading={busy === 'launch'}
              disabled={busy !== null || schedule.date !== null || Boolean(sentAlready) || tooLong}
              onClick={() => void handleLaunch()}
            >
              Launch now
            </Button>
            <Button size="lg" variant="light" leftSection={<IconCalendarEvent size={20} />} loading={busy === 'schedule'} disabled={busy !== null || Boolean(sentAlready) || tooLong} onClick={() => void handleSchedule()}>
              Schedule
            </Button>
          </SimpleGrid>
          {schedule.date !== null && (
            <Text size="sm" c="dimmed">
              A day is chosen, so it goes out then. Clear the date to launch now.
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
