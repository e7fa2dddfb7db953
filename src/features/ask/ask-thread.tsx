import { Button, Stack, Text } from '@mantine/core';
import type { AskConversation, AskGraph } from '../../contract/ask.ts';
import type { OutboxOp } from '../../lib/outbox/types.ts';
import { AssistantBubble, OwnerBubble, TypingBubble } from '../../ui/chat-bubbles.tsx';
import { AskGraphCard, OfferButton, Suggestions, TextAnswer } from './ask-answer.tsx';
import { wordsOf } from './ask-send.ts';

/** A question still on the phone: being answered (typing dots), waiting for a connection, or refused. */
function WaitingQuestion({ op, online }: { op: OutboxOp; online: boolean }) {
  const refused = op.status === 'failed' || op.status === 'conflict';
  return (
    <>
      <OwnerBubble>{wordsOf(op)}</OwnerBubble>
      {refused ? (
        <AssistantBubble>
          <Text c="red.8">{op.lastError ?? 'This question was not answered.'}</Text>
        </AssistantBubble>
      ) : online && op.status !== 'auth' ? (
        <TypingBubble />
      ) : (
        <AssistantBubble>
          <Text c="dimmed" data-testid="ask-waiting">
            Waiting for a connection. I'll answer as soon as you're back online.
          </Text>
        </AssistantBubble>
      )}
    </>
  );
}

type ThreadProps = { waiting: OutboxOp[]; online: boolean; onAsk: (words: string) => void };

export function ConversationThread({ conversation, waiting, online, onAsk }: ThreadProps & { conversation: AskConversation | undefined }) {
  return (
    <Stack gap="md">
      {conversation?.messages.map((message) => (
        <Stack key={message.id} gap="md">
          <OwnerBubble>{message.text}</OwnerBubble>
          <AssistantBubble>
            <TextAnswer
              response={message.response}
              graph={message.graph_json}
              takeaway={message.takeaway}
              offer={message.offer}
              suggestions={message.suggestions}
              onAsk={onAsk}
            />
          </AssistantBubble>
        </Stack>
      ))}
      {waiting.map((op) => (
        <WaitingQuestion key={op.id} op={op} online={online} />
      ))}
    </Stack>
  );
}

/** Graph mode: the graph and the ones it followed up, oldest first. */
export function GraphThread({ chain, waiting, online, onAsk }: ThreadProps & { chain: AskGraph[] }) {
  return (
    <Stack gap="md">
      {chain.map((graph) => (
        <Stack key={graph.id} gap="md">
          <OwnerBubble>{graph.prompt}</OwnerBubble>
          <AssistantBubble>
            <Stack gap="sm">
              <AskGraphCard graph={graph.graph_json} takeaway={graph.takeaway} note={graph.note} />
              {graph.offer && <OfferButton offer={graph.offer} />}
              <Suggestions suggestions={graph.suggestions} onAsk={onAsk} />
            </Stack>
          </AssistantBubble>
        </Stack>
      ))}
      {waiting.map((op) => (
        <WaitingQuestion key={op.id} op={op} online={online} />
      ))}
    </Stack>
  );
}

/** A conversation or graph that is not (or no longer) here: deleted elsewhere, or another account's link. */
export function MissingThread({ what, onNewChat }: { what: 'conversation' | 'graph'; onNewChat: () => void }) {
  return (
    <Stack gap="sm" align="flex-start">
      <Text>This {what} is not here any more.</Text>
      <Button variant="light" h={44} onClick={onNewChat}>
        New chat
      </Button>
    </Stack>
  );
}
