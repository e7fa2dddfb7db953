import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { startTransition, useState, type ReactNode } from 'react';
import { liftSentence, REPORT_DEFAULT_DAYS } from '../../contract/campaign-results.ts';
import { ReportPeriodCard } from '../../ui/report-period.tsx';
import { dollars } from '../../contract/segment-words.ts';
import type { SendSummary } from '../../contract/sending.ts';
import { textQueries } from './text-queries.ts';

const n = (value: number) => value.toLocaleString('en-US');

function Tile({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId ?? 'report-tile'}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

type TextReportProps = {
  campaignId: string;
  /** Pause, resume, stop and the call on uncertain rows (the sending feature's), handed in by the route. */
  controls: (send: SendSummary, uncertain: number) => ReactNode;
};

/**
 * The Report tab of a text (spec §2, §9): sent, delivered, pending and failed with their rounded percentages of
 * total_sent; opt-outs it caused; who was left out and why; and guests who came back within 14 days.
 */
export function TextReport({ campaignId, controls }: TextReportProps) {
  const [days, setDays] = useState<number>(REPORT_DEFAULT_DAYS);
  const { data: report } = useSuspenseQuery(textQueries.report(campaignId, days));
  const lift = liftSentence(report.sales_back, 'this text');
  const { guests, revenue_cents, window_days } = report.sales_back;
  return (
    <Stack gap="lg">
      {controls(report.send, report.uncertain)}
      {report.waiting > 0 && (
        <Alert color="blue" variant="light" data-testid="text-waiting">
          {n(report.waiting)} still to go{report.send.status === 'paused' ? ' (paused)' : ''}: guests in their quiet hours get it when their morning starts.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
        <Tile label="Sent" value={n(report.total_sent)} testId="report-sent" />
        <Tile label="Delivered" value={`${n(report.delivered)} · ${report.delivered_percent}%`} testId="report-delivered" />
        <Tile label="Pending" value={`${n(report.pending)} · ${report.pending_percent}%`} />
        <Tile label="Failed" value={`${n(report.failed)} · ${report.failed_percent}%`} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
        <Tile label="Opted out (STOP)" value={n(report.opt_outs)} />
        <Tile label="Skipped: texted recently" value={n(report.skipped_too_soon)} />
        <Tile label="Not sent: no consent" value={n(report.suppressed)} />
        <Tile label="Segments per text" value={n(report.segments_per_text)} />
      </SimpleGrid>
      <Paper withBorder radius="lg" p="md">
        <Stack gap={4}>
          <Title order={3} fz="md">
            What came back
          </Title>
          <Text data-testid="sales-back">
            {guests === 0
              ? `None of the guests who got it has visited in the ${window_days} days since, as far as your sales show.`
              : `${n(guests)} ${guests === 1 ? 'guest' : 'guests'} who got it came back within ${window_days} days and spent ${dollars(revenue_cents)}.`}
          </Text>
          {lift && (
            <Text size="sm" data-testid="sales-back-lift">
              {lift}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Counted from your point-of-sale and imported orders: a guest who got the text and visited within {window_days} days after it was sent.
          </Text>
        </Stack>
      </Paper>
      <ReportPeriodCard period={report.period} channel="sms" what="this text" onDays={(next) => startTransition(() => setDays(next))} />
      {report.skipped_too_soon > 0 && (
        <Text size="sm" c="dimmed">
          {n(report.skipped_too_soon)} did not get it because they had a text from you less than the set hours before (Restaurant content → texts).
        </Text>
      )}
    </Stack>
  );
}
