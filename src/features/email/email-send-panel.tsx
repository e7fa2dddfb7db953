import { Alert, Button, Paper, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconSend } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { LaunchEmailResponseSchema, type EmailCampaign } from '../../contract/email-campaigns.ts';
import type { EmailDraft } from '../../contract/email-drafts.ts';
import { SENDING_MESSAGES } from '../../contract/sending.ts';
import { useOnline } from '../../lib/offline/online.ts';
import { sendThroughOutbox } from '../../lib/outbox/send.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notify.ts';
import { initialSchedule, scheduledInstant, scheduleErrors, ScheduleFields, type ScheduleErrors, type ScheduleValue } from '../../ui/schedule-fields.tsx';
import { segmentQueries } from '../segments/segments-queries.ts';
import { emailApi } from './email-api.ts';
import { emailKeys, emailQueries } from './email-queries.ts';

type EmailSendPanelProps = {
  draft: EmailDraft;
  /** The restaurant's time zone (schedules are picked in it). */
  timeZone: string;
  onSent: (campaign: EmailCampaign | null) => void;
};

/**
 * Launch now or schedule a completed email (spec §2, §5): a segment with how many it will reach after consent
 * and the do-not-contact list, a day and a time in the restaurant's time zone, and an optional holdout to see
 * the lift. Launching needs a connection; a schedule made offline waits on the phone and is sent once.
 */
export function EmailSendPanel({ draft, timeZone, onSent }: EmailSendPanelProps) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const segments = useQuery(segmentQueries.list());
  const [segmentId, setSegmentId] = useState<string | null>(null);
  const [segmentError, setSegmentError] = useState<string | null>(null);
  const [schedule, setSchedule] = useState<ScheduleValue>(() => initialSchedule(new Date(), timeZone));
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const [holdout, setHoldout] = useState(false);
  const [busy, setBusy] = useState<'launch' | 'schedule' | null>(null);
  const audience = useQuery({ ...emailQueries.audience(segmentId ?? ''), enabled: Boolean(segmentId) });
  // One key per tap of Launch: a double tap or a retry after a lost answer sends once.
  const launchKey = useRef(crypto.randomUUID());

  const refresh = () => queryClient.invalidateQueries({ queryKey: emailKeys.campaigns() });
  const needSegment = () => {
    if (segmentId) return false;
    setSegmentError(SENDING_MESSAGES.segmentRequired);
    notifyError(null, SENDING_MESSAGES.segmentRequired);
    return true;
  };

  const handleLaunch = async () => {
    if (needSegment()) return;
    if (!online) {
      notifyInfo('Launching needs a connection. Schedule it instead, or try again when you are back online.');
      return;
    }
    setBusy('launch');
    try {
      const result = await emailApi.launch({ draft_campaign_id: draft.id, segmentation_id: segmentId!, holdout_percent: holdout ? 10 : 0 }, launchKey.current);
      launchKey.current = crypto.randomUUID();
      notifySuccess(result.message);
      await refresh();
      onSent(result.campaign);
    } catch (error) {
      notifyError(error, SENDING_MESSAGES.fallback);
    } finally {
      setBusy(null);
    }
  };

  const handleSchedule = async () => {
    const found = scheduleErrors(schedule, new Date(), timeZone);
    setErrors(found);
    if (needSegment() || Object.keys(found).length > 0) {
      const first = Object.values(found)[0];
      if (first) notifyError(null, first);
      return;
    }
    setBusy('schedule');
    try {
      const result = await sendThroughOutbox(
        {
          kind: 'email.schedule',
          entity: `email-draft-send:${draft.id}`,
          label: `Schedule “${draft.user_title}”`,
          method: 'POST',
          path: '/email/campaigns/schedule',
          json: { draft_campaign_id: draft.id, segmentation_id: segmentId, scheduled_time: scheduledInstant(schedule, timeZone)!.toISOString(), holdout_percent: holdout ? 10 : 0 },
          invalidate: [emailKeys.campaigns()],
        },
        LaunchEmailResponseSchema,
      );
      if (result.queued) {
        notifyInfo('Scheduled on this phone. It will reach the server when you are back online.');
        onSent(null);
      } else {
        notifySuccess(result.body.message);
        await refresh();
        onSent(result.body.campaign);
      }
    } catch (error) {
      notifyError(error, SENDING_MESSAGES.fallback);
    } finally {
      setBusy(null);
    }
  };

  const reach = audience.data;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="send-panel">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Send it
        </Title>
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
          <Text size="sm" c={reach?.recipients === 0 ? 'red.8' : 'dimmed'} data-testid="send-reach">
            {reach
              ? reach.recipients === 0
                ? 'Nobody in this segment can get email: no one there has an address and has agreed to marketing email.'
                : `This email will reach ${reach.recipients.toLocaleString('en-US')} of ${reach.segment_size.toLocaleString('en-US')} ${reach.segment_size === 1 ? 'customer' : 'customers'} (those with an email address who agreed to marketing email).`
              : 'Counting who it will reach…'}
          </Text>
        )}
        <Switch
          size="md"
          checked={holdout}
          onChange={(event) => setHoldout(event.currentTarget.checked)}
          label="Keep 10% back to measure what it brings in"
          description="A random tenth of the segment does not get it; the report compares their visits with everyone else's."
        />
        <ScheduleFields value={schedule} onChange={(next) => (setSchedule(next), setErrors({}))} timeZone={timeZone} errors={errors} />
        {!online && <Alert color="gray">You are offline: you can schedule now and it will be sent to the server when you are back. Launching needs a connection.</Alert>}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button size="lg" leftSection={<IconSend size={20} />} loading={busy === 'launch'} disabled={busy !== null} onClick={() => void handleLaunch()}>
            Launch
          </Button>
          <Button size="lg" variant="light" leftSection={<IconCalendarEvent size={20} />} loading={busy === 'schedule'} disabled={busy !== null} onClick={() => void handleSchedule()}>
            Schedule
          </Button>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
