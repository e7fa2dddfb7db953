import { Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ASK_MESSAGES, type AskMode } from '../../contract/ask.ts';
import classes from './ask.module.css';

/** Enough to show the range without a long scroll on a phone (the server lists them best first). */
const MAX_CARDS = 6;

type Props = { displayName: string; mode: AskMode; prompts: Array<{ prompt: string }>; hasHistory: boolean; onAsk: (words: string) => void };

/** A greeting by name and starter cards, each a question this owner's data can answer (spec §2). */
export function AskEmpty({ displayName, mode, prompts, hasHistory, onAsk }: Props) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} fz={22}>
          {displayName ? `Hi ${displayName}, what would you like to know?` : 'What would you like to know?'}
        </Title>
        <Text c="dimmed">
          {mode === 'text' ? 'Ask about your sales, visits and guests in your own words.' : 'Ask for a chart of your sales, visits or guests in your own words.'}
        </Text>
      </Stack>
      {prompts.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {prompts.slice(0, MAX_CARDS).map(({ prompt }) => (
            <UnstyledButton key={prompt} onClick={() => onAsk(prompt)} className={classes.starter} data-testid="ask-starter">
              <Paper withBorder p="sm" radius="md" h="100%">
                <Text fw={600} size="sm">
                  <IconSparkles size={16} style={{ verticalAlign: '-3px', marginRight: 6 }} />
                  {prompt}
                </Text>
              </Paper>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      ) : (
        <Text>
          There is nothing to ask about yet. Once your customers and orders are in Mise (<Link to="/settings/pos">connect your point of sale</Link> or{' '}
          <Link to="/customers/import">import a CSV</Link>), ask about them here.
        </Text>
      )}
      {!hasHistory && (
        <Text c="dimmed" ta="center" py="md">
          {mode === 'text' ? ASK_MESSAGES.noConversation : ASK_MESSAGES.noGraphs}
        </Text>
      )}
    </Stack>
  );
}
