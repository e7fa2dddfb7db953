import { Button, Collapse, Group, Stack, Table, Text } from '@mantine/core';
import { IconChartBar, IconTable, IconUsersPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ASK_MESSAGES, type AskGraphJson, type AskOffer } from '../../contract/ask.ts';
import { formatValue, isDrawn } from './ask-format.ts';
import { LazyAskChart } from './lazy-ask-chart.tsx';

/** The figures behind a chart, as a table (for exact numbers, and for screen readers). */
function NumbersTable({ graph }: { graph: AskGraphJson }) {
  return (
    <Table striped withRowBorders={false} fz="sm" aria-label={`${graph.title}: the numbers`}>
      <Table.Tbody>
        {graph.data.labels.map((label, i) => (
          <Table.Tr key={`${label}-${i}`}>
            <Table.Td>{label}</Table.Td>
            <Table.Td ta="right" fw={600}>
              {formatValue(graph.data.values[i] ?? 0, graph.unit)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A chart with its title, its one-line takeaway and the numbers on request; `none` or an unknown type asks to refine. */
export function AskGraphCard({ graph, takeaway, note }: { graph: AskGraphJson; takeaway: string | null; note?: string | null }) {
  const [table, setTable] = useState(false);
  if (!isDrawn(graph)) {
    return (
      <Stack gap={6} data-testid="ask-graph" data-graph-type={graph.graph_type}>
        {takeaway && <Text fw={600}>{takeaway}</Text>}
        <Text c="dimmed" size="sm">
          {ASK_MESSAGES.refine}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" data-testid="ask-graph" data-graph-type={graph.graph_type}>
      <Text fw={700} size="sm">
        {graph.title}
      </Text>
      <LazyAskChart graph={graph} />
      {takeaway && (
        <Text fw={600} data-testid="ask-takeaway">
          {takeaway}
        </Text>
      )}
      {note && (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      )}
      <Group gap="xs">
        <Button variant="subtle" size="compact-md" h={44} leftSection={<IconTable size={18} />} onClick={() => setTable((shown) => !shown)} aria-expanded={table}>
          {table ? 'Hide the numbers' : 'See the numbers'}
        </Button>
      </Group>
      <Collapse expanded={table}>{table && <NumbersTable graph={graph} />}</Collapse>
    </Stack>
  );
}

/** "Make a segment of these 38 lapsed regulars": opens the segment chat with the words that make it. */
export function OfferButton({ offer }: { offer: AskOffer }) {
  return (
    <Button
      renderRoot={(props) => <Link {...props} to="/customers/segments/new" search={{ q: offer.query }} />}
      variant="light"
      h="auto"
      mih={44}
      py={8}
      justify="flex-start"
      leftSection={<IconUsersPlus size={18} />}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.3 } }}
    >
      {offer.label}
    </Button>
  );
}

/** Questions Ask can answer, offered when it could not answer this one. */
export function Suggestions({ suggestions, onAsk }: { suggestions: string[]; onAsk: (words: string) => void }) {
  if (suggestions.length === 0) return null;
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        You could ask:
      </Text>
      <Group gap="xs">
        {suggestions.map((suggestion) => (
          <Button key={suggestion} variant="light" radius="xl" size="sm" h={44} onClick={() => onAsk(suggestion)}>
            {suggestion}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/** Text mode's answer: short sentences with the figures, the matching chart on request, an offer or suggestions. */
export function TextAnswer({
  response,
  graph,
  takeaway,
  offer,
  suggestions,
  onAsk,
}: {
  response: string;
  graph: AskGraphJson | null;
  takeaway: string | null;
  offer: AskOffer | null;
  suggestions: string[];
  onAsk: (words: string) => void;
}) {
  const [chart, setChart] = useState(false);
  return (
    <Stack gap="sm">
      <Text data-testid="ask-response">{response}</Text>
      {isDrawn(graph) && (
        <>
          <Group gap="xs">
            <Button variant="subtle" size="compact-md" h={44} leftSection={<IconChartBar size={18} />} onClick={() => setChart((shown) => !shown)} aria-expanded={chart}>
              {chart ? 'Hide the chart' : 'Show the chart'}
            </Button>
          </Group>
          {chart && <AskGraphCard graph={graph} takeaway={takeaway} />}
        </>
      )}
      {offer && <OfferButton offer={offer} />}
      <Suggestions suggestions={suggestions} onAsk={onAsk} />
    </Stack>
  );
}
