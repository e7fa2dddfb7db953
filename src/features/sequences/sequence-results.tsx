import { Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REPORT_DEFAULT_DAYS, REPORT_WINDOWS } from '../../contract/campaign-results.ts';
import { CameBackText } from '../../ui/report-period.tsx';
import { sequenceQueries } from './sequences-queries.ts';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * A sequence's results: each step's messages in the last 7, 30 or 90 days and who came back, beside the guests
 * the sequence keeps back (the dashboard's analytics, for this sequence alone).
 */
export function SequenceResults({ sequenceId }: { sequenceId: string }) {
  const [days, setDays] = useState<number>(REPORT_DEFAULT_DAYS);
  const query = useQuery({ ...sequenceQueries.report(sequenceId, days), placeholderData: keepPreviousData });
  const report = query.data;
  const since = days === 7 ? 'this week' : `in the last ${days} days`;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="sequence-results">
      <Stack gap="sm">
        <Title order={2} fz={18}>
          Results
        </Title>
        <SegmentedControl size="sm" value={String(days)} onChange={(value) => setDays(Number(value))} data={REPORT_WINDOWS.map((n) => ({ value: String(n), label: n === 7 ? 'This week' : `${n} days` }))} aria-label="Window" />
        {!report ? (
          <Text c="dimmed">{query.isError ? 'The results could not be loaded. Try again in a moment.' : 'Counting…'}</Text>
        ) : (
          <>
            <Table verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Step</Table.Th>
                  <Table.Th ta="right">Sent</Table.Th>
                  <Table.Th ta="right">Opened / delivered</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.steps.map((step) => (
                  <Table.Tr key={step.item_id}>
                    <Table.Td>
                      {step.order}. {step.campaign_type === 'EMAIL' ? 'Email' : 'Text'}
                      {step.title ? `: ${step.title}` : ''}
                    </Table.Td>
                    <Table.Td ta="right">{count(step.figures.sent)}</Table.Td>
                    <Table.Td ta="right">{step.figures.sent === 0 ? '—' : step.campaign_type === 'EMAIL' ? `${step.figures.open_rate}% opened` : `${step.figures.delivery_rate}% delivered`}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <CameBackText cameBack={report.came_back} since={since} what="this sequence" />
            {report.sales_back.reached > report.came_back.reached && (
              <Text size="sm" c="dimmed">
                Since it started: {count(report.sales_back.guests)} of {count(report.sales_back.reached)} guests it reached came back.
              </Text>
            )}
            <Text size="xs" c="dimmed">
              A guest counts when a step reached them and they visited within {report.came_back.window_days} days after the first step, going by your point-of-sale and imported orders.
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
