import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Card, SegmentedControl, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_WINDOWS, type Dashboard } from '../../contract/dashboard.ts';
import { dashboardQueries } from './dashboard-queries.ts';
import { HeadlineCard } from './week-headline.tsx';

export type DashboardTab = 'email' | 'text' | 'video';

function Tile({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz={24} lh={1.2}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

const count = (n: number) => n.toLocaleString('en-US');
const percent = (n: number) => `${n}%`;
const dayLabel = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', day: 'numeric', timeZone: 'UTC' });

function DayChart({ data, series }: { data: Dashboard['email']['by_day']; series: Array<{ name: 'sent' | 'opens' | 'clicks' | 'delivered'; label: string; color: string }> }) {
  const rows = data.map((day) => ({ ...day, label: dayLabel(day.day) }));
  return (
    <BarChart h={200} data={rows} dataKey="label" series={series} tickLine="none" gridAxis="y" withLegend legendProps={{ verticalAlign: 'bottom' }} aria-label="Per day" />
  );
}

/** Spec §2 dashboard: "Here's a snapshot of your week." with tabs Email, Text and Video campaigns. */
export function DashboardScreen({ days, tab, onDays, onTab }: { days: number; tab: DashboardTab; onDays: (days: number) => void; onTab: (tab: DashboardTab) => void }) {
  const query = useQuery(dashboardQueries.window(days));
  const data = query.data;
  return (
    <Stack gap="md" maw={860}>
      <SegmentedControl
        size="md"
        value={String(days)}
        onChange={(value) => onDays(Number(value))}
        data={DASHBOARD_WINDOWS.map((n) => ({ value: String(n), label: n === 7 ? 'This week' : `${n} days` }))}
        aria-label="Window"
      />
      {query.isError && !data && <Alert color="red">The figures could not be loaded. Try again in a moment.</Alert>}
      {data && <HeadlineCard dashboard={data} />}
      <Tabs value={tab} onChange={(next) => onTab((next as DashboardTab) ?? 'email')}>
        <Tabs.List grow>
          <Tabs.Tab value="email">Email</Tabs.Tab>
          <Tabs.Tab value="text">Text</Tabs.Tab>
          <Tabs.Tab value="video">Video campaigns</Tabs.Tab>
        </Tabs.List>
        {data && (
          <>
            <Tabs.Panel value="email" pt="md">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="email-figures">
                  <Tile label="Emails sent" value={count(data.email.sent)} hint={`${data.email.campaigns} campaign${data.email.campaigns === 1 ? '' : 's'}`} />
                  <Tile label="Open rate" value={percent(data.email.open_rate)} hint={`${count(data.email.unique_opens)} opened`} />
                  <Tile label="Click rate" value={percent(data.email.click_rate)} hint={`${count(data.email.unique_clicks)} clicked`} />
                  <Tile label="Delivered" value={count(data.email.delivered)} />
                </SimpleGrid>
                <DayChart
                  data={data.email.by_day}
                  series={[
                    { name: 'sent', label: 'Sent', color: 'blue.5' },
                    { name: 'opens', label: 'Opened', color: 'teal.5' },
                    { name: 'clicks', label: 'Clicked', color: 'orange.5' },
                  ]}
                />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="text" pt="md">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="text-figures">
                  <Tile label="Texts sent" value={count(data.text.total_sent)} hint={`${data.text.campaigns} campaign${data.text.campaigns === 1 ? '' : 's'}`} />
                  <Tile label="Delivery rate" value={percent(data.text.delivery_rate)} hint={`${count(data.text.delivered)} delivered`} />
                  <Tile label="Failed" value={count(data.text.failed)} hint={percent(data.text.bounce_rate)} />
                </SimpleGrid>
                <DayChart
                  data={data.text.by_day}
                  series={[
                    { name: 'sent', label: 'Sent', color: 'blue.5' },
                    { name: 'delivered', label: 'Delivered', color: 'teal.5' },
                  ]}
                />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="video" pt="md">
              <Stack gap="md" data-testid="video-figures">
                <SimpleGrid cols={2} spacing="xs">
                  <Tile label="Videos made" value={count(data.video.videos)} />
                  <Tile label="Engagement" value={percent(data.video.engagement_rate)} hint="10 × videos, at most 100%" />
                </SimpleGrid>
                {data.video.tiktok && (
                  <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="tiktok-figures">
                    <Tile label="TikTok views" value={count(data.video.tiktok.views)} hint={`${data.video.tiktok.published} published`} />
                    <Tile label="Likes" value={count(data.video.tiktok.likes)} />
                    <Tile label="Comments" value={count(data.video.tiktok.comments)} />
                    <Tile label="Shares" value={count(data.video.tiktok.shares)} />
                  </SimpleGrid>
                )}
                {data.video.videos === 0 && <Text c="dimmed">No videos found. Videos you make in Campaigns → Video in this period are counted here; their TikTok views, likes and shares are on each video's page.</Text>}
              </Stack>
            </Tabs.Panel>
          </>
        )}
      </Tabs>
    </Stack>
  );
}
