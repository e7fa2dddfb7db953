import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { SEGMENT_CHAT_ERROR, SEGMENT_GENERATED, type SegmentDefinition, type SegmentPreview } from '../../contract/segments.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { AssistantBubble, AssistantText, ChatComposer, OwnerBubble, TypingBubble } from '../../ui/chat-bubbles.tsx';
import { SegmentDraft } from './segment-draft.tsx';
import { segmentsApi } from './segments-api.ts';
import { useCreateSegment } from './segments-mutations.ts';

type Message =
  | { id: number; from: 'owner'; text: string }
  | { id: number; from: 'assistant'; kind: 'proposal'; query: string; proposal: SegmentPreview }
  | { id: number; from: 'assistant'; kind: 'error'; text: string };

// Omit over each member of the union, so `kind` and `text` stay known.
type NewMessage = Message extends infer M ? (M extends Message ? Omit<M, 'id'> : never) : never;

const STARTERS = ["Regulars who haven't been in for a month", 'Spent over $200 this year', 'Birthdays next week', 'New customers this month'];

/** The segment creation chat: words in, a checked and adjustable segment out. */
/** `initialQuery`: words to send at once (Ask's "Make a segment of these 38 lapsed regulars"). */
export function SegmentChat({ onSaved, initialQuery }: { onSaved: (segmentId: string) => void; initialQuery?: string }) {
  const [messages, setMessages] = useState<Message[]>([]);
  const [text, setText] = useState('');
  const nextId = useRef(1);
  const bottom = useRef<HTMLDivElement>(null);
  const create = useCreateSegment();
  const ask = useMutation({ mutationFn: (query: string) => segmentsApi.previewQuery(query) });

  const push = (message: NewMessage) => setMessages((list) => [...list, { ...message, id: nextId.current++ } as Message]);

  const sentInitial = useRef(false);
  useEffect(() => {
    if (!initialQuery || sentInitial.current) return;
    sentInitial.current = true;
    send(initialQuery);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the first render
  }, []);

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ behavior: 'smooth', block: 'end' });
  }, [messages.length, ask.isPending]);

  function send(raw: string) {
    const query = raw.trim();
    if (!query || ask.isPending) return;
    setText('');
    push({ from: 'owner', text: query });
    ask.mutate(query, {
      onSuccess: (proposal) => push({ from: 'assistant', kind: 'proposal', query, proposal }),
      onError: (error) => {
        push({ from: 'assistant', kind: 'error', text: SEGMENT_CHAT_ERROR });
        notifyError(error, SEGMENT_CHAT_ERROR);
      },
    });
  }

  function save(query: string, draft: { title: string; definition: SegmentDefinition }) {
    create.mutate(
      { segmentation_title: draft.title, definition: draft.definition, user_query: query },
      {
        onSuccess: (segment) => {
          notifySuccess(SEGMENT_GENERATED);
          onSaved(segment.id);
        },
        onError: (error) => notifyError(error, 'Something went wrong'),
      },
    );
  }

  const latestProposalId = messages.findLast((m) => m.from === 'assistant' && m.kind === 'proposal')?.id;

  return (
    <Stack gap="md" mih="calc(100dvh - 12rem)" justify="space-between">
      <Stack gap="md">
        <AssistantBubble>
          <AssistantText>Describe the customers you want to reach, in your own words. I will show you who that is before anything is saved.</AssistantText>
        </AssistantBubble>
        {messages.length === 0 && (
          <Group gap="xs">
            {STARTERS.map((starter) => (
              <Button key={starter} variant="light" radius="xl" size="sm" h={44} onClick={() => send(starter)}>
                {starter}
              </Button>
            ))}
          </Group>
        )}
        {messages.map((message) =>
          message.from === 'owner' ? (
            <OwnerBubble key={message.id}>{message.text}</OwnerBubble>
          ) : (
            <AssistantBubble key={message.id}>
              {message.kind === 'error' ? (
                <Text c="red.8">{message.text}</Text>
              ) : (
                <SegmentDraft
                  proposal={message.proposal}
                  active={message.id === latestProposalId}
                  saving={create.isPending}
                  onSave={(draft) => save(message.query, draft)}
                />
              )}
            </AssistantBubble>
          ),
        )}
        {ask.isPending && <TypingBubble />}
        <div ref={bottom} />
      </Stack>
      <ChatComposer label="Describe a segment" placeholder="e.g. spent over $200 this year" value={text} onChange={setText} onSend={send} busy={ask.isPending} />
    </Stack>
  );
}
