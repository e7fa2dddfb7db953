import { Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { liftSentence, REPORT_WINDOWS, type CameBack, type ReportPeriod } from '../contract/campaign-results.ts';
import { dollars } from '../contract/segment-words.ts';
import { LazyDayBarsChart } from './charts/lazy-chart.tsx';

const count = (n: number) => n.toLocaleString('en-US');
const dayLabel = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "12 guests who got it came back within 14 days and spent $340" (the analytics layer's came-back figures). */
function cameBackSentence(cameBack: CameBack, since: string): string {
  const { guests, revenue_cents, window_days } = cameBack;
  if (cameBack.reached === 0) return `It has not reached anyone ${since}.`;
  if (guests === 0) return `None of the ${count(cameBack.reached)} guests it reached has visited within ${window_days} days, as far as your sales show.`;
  return `${count(guests)} ${guests === 1 ? 'guest' : 'guests'} it reached came back within ${window_days} days and spent ${dollars(revenue_cents)}.`;
}

/** What came back, and beside it the campaign's own holdout and the lift, in words. */
export function CameBackText({ cameBack, since, what }: { cameBack: CameBack; since: string; what: string }) {
  const lift = liftSentence(cameBack, what);
  return (
    <Stack gap={4}>
      <Text data-testid="came-back">{cameBackSentence(cameBack, since)}</Text>
      {lift && (
        <Text size="sm" data-testid="came-back-lift">
          {lift}
        </Text>
      )}
    </Stack>
  );
}

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={18} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * A campaign's last 7, 30 or 90 days, the dashboard's figures for this campaign alone: what went out (per day)
 * and who came back, with its holdout.
 */
export function ReportPeriodCard({ period, channel, onDays, what }: { period: ReportPeriod; channel: 'email' | 'sms'; onDays: (days: number) => void; what: string }) {
  const { figures, window } = period;
  const series =
    channel === 'email'
      ? [
          { name: 'Sent', label: 'Sent', color: 'blue.5' },
          { name: 'Opened', label: 'Opened', color: 'teal.5' },
          { name: 'Clicked', label: 'Clicked', color: 'orange.5' },
        ]
      : [
          { name: 'Sent', label: 'Sent', color: 'blue.5' },
          { name: 'Delivered', label: 'Delivered', color: 'teal.5' },
        ];
  const data = figures.by_day.map((day) => ({ label: dayLabel(day.day), Sent: day.sent, Opened: day.opens, Clicked: day.clicks, Delivered: day.delivered }));
  const since = window.days === 7 ? 'this week' : `in the last ${window.days} days`;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="report-period">
      <Stack gap="sm">
        <Title order={3} fz="md">
          Over time
        </Title>
        <SegmentedControl
          size="sm"
          value={String(window.days)}
          onChange={(value) => onDays(Number(value))}
          data={REPORT_WINDOWS.map((n) => ({ value: String(n), label: n === 7 ? 'This week' : `${n} days` }))}
          aria-label="Window"
        />
        <SimpleGrid cols={3} spacing="xs">
          <Tile label="Sent" value={count(figures.sent)} />
          {channel === 'email' ? (
            <>
              <Tile label="Open rate" value={`${figures.open_rate}%`} />
              <Tile label="Click rate" value={`${figures.click_rate}%`} />
            </>
          ) : (
            <>
              <Tile label="Delivered" value={`${figures.delivery_rate}%`} />
              <Tile label="Failed" value={count(figures.failed)} />
            </>
          )}
        </SimpleGrid>
        {figures.sent > 0 ? <LazyDayBarsChart data={data} series={series} height={180} /> : <Text c="dimmed">Nothing went out {since}.</Text>}
        <CameBackText cameBack={period.came_back} since={since} what={what} />
        <Text size="xs" c="dimmed">
          Days in {window.time_zone.replace(/_/g, ' ')}. Counted from your point-of-sale and imported orders, the same way as the dashboard.
        </Text>
      </Stack>
    </Paper>
  );
}
