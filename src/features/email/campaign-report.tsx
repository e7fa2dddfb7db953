import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { startTransition, useState, type ReactNode } from 'react';
import { liftSentence, REPORT_DEFAULT_DAYS } from '../../contract/campaign-results.ts';
import { ReportPeriodCard } from '../../ui/report-period.tsx';
import type { EmailReport } from '../../contract/email-campaigns.ts';
import type { SendSummary } from '../../contract/sending.ts';
import { dollars } from '../../contract/segment-words.ts';
import { LazyTimelineChart } from '../../ui/charts/lazy-chart.tsx';
import { emailQueries } from './email-queries.ts';

const count = (n: number) => n.toLocaleString('en-US');

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="report-tile">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** "12 guests who got it came back within 14 days and spent $340"; the holdout's comparison is said apart (liftSentence). */
function salesBackSentence(report: Pick<EmailReport, 'sales_back'>): string {
  const { guests, revenue_cents, window_days } = report.sales_back;
  return guests === 0
    ? `None of the guests who got it has visited in the ${window_days} days since, as far as your sales show.`
    : `${count(guests)} ${guests === 1 ? 'guest' : 'guests'} who got it came back within ${window_days} days and spent ${dollars(revenue_cents)}.`;
}

type CampaignReportProps = {
  campaignId: string;
  /** Pause, resume, stop and "send again" (the sending feature's), handed in by the route. */
  controls: (send: SendSummary, uncertain: number) => ReactNode;
};

/** Spec §2 campaign detail, Report tab: the seven tiles with §9's formulas, the first 48 hours, and the till. */
export function CampaignReport({ campaignId, controls }: CampaignReportProps) {
  const [days, setDays] = useState<number>(REPORT_DEFAULT_DAYS);
  const { data: report } = useSuspenseQuery(emailQueries.report(campaignId, days));
  const lift = liftSentence(report.sales_back, 'this email');
  const timeline = report.timeline.map((point) => ({ label: `${point.hour}h`, Opens: point.opens, Clicks: point.clicks }));
  const started = report.campaign.send.started_at;
  return (
    <Stack gap="lg">
      {controls(report.campaign.send, report.uncertain)}
      {report.waiting > 0 && (
        <Alert color="blue" variant="light">
          {count(report.waiting)} still to go{report.campaign.send.status === 'paused' ? ' (paused)' : ''}.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm">
        <Tile label="Total sent" value={count(report.total_sent)} />
        <Tile label="Total Opens" value={count(report.opens.opens_total)} />
        <Tile label="Total Unique Opens" value={`${count(report.opens.unique_opens)} · ${report.opens.open_rate}%`} />
        <Tile label="Total Clicks" value={count(report.clicks.clicks_total)} />
        <Tile label="Total Unique Clicks" value={`${count(report.clicks.unique_clicks)} · ${report.clicks.click_rate}%`} />
        <Tile label="Total Delivered" value={`${count(report.total_delivered)} · ${report.delivered_rate}%`} />
        <Tile label="Bounce rate" value={`${report.bounce_rate}%`} />
        <Tile label="Unsubscribed" value={count(report.unsubscribes)} />
      </SimpleGrid>
      {report.opens.proxy_opens > 0 && (
        <Text size="sm" c="dimmed">
          {count(report.opens.proxy_opens)} more opens came from mail apps that load every picture on their own (such as Apple Mail); they are not counted as people opening it.
        </Text>
      )}
      <Paper withBorder radius="lg" p="md">
        <Stack gap="xs">
          <Title order={3} fz="md">
            The first 48 hours
          </Title>
          {started ? (
            <LazyTimelineChart data={timeline} series={[{ name: 'Opens', label: 'Opens', color: 'teal.6' }, { name: 'Clicks', label: 'Clicks', color: 'orange.6' }]} />
          ) : (
            <Text c="dimmed">It has not gone out yet.</Text>
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="md">
        <Stack gap={4}>
          <Title order={3} fz="md">
            What came back
          </Title>
          <Text data-testid="sales-back">{salesBackSentence(report)}</Text>
          {lift && (
            <Text size="sm" data-testid="sales-back-lift">
              {lift}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Counted from your point-of-sale and imported orders: a guest who got the email and visited within {report.sales_back.window_days} days after it was sent.
          </Text>
        </Stack>
      </Paper>
      <ReportPeriodCard period={report.period} channel="email" what="this email" onDays={(next) => startTransition(() => setDays(next))} />
      {report.suppressed > 0 && (
        <Text size="sm" c="dimmed">
          {count(report.suppressed)} in the segment did not get it: they withdrew consent or are on your do-not-contact list since it was planned.
        </Text>
      )}
    </Stack>
  );
}
