import { ActionIcon, Alert, Badge, Box, Button, Drawer, Grid, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowUp, IconCopy, IconHistory, IconRefresh, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { TEXT_CATEGORIES, TEXT_LIMITS, TEXT_MESSAGES, TEXT_STYLES, type TextCategory, type TextConversation, type TextStyle } from '../../contract/text.ts';
import { ApiError } from '../../lib/api.ts';
import { useOnline } from '../../lib/offline/online.ts';
import { usePendingOps } from '../../lib/outbox/use-outbox.ts';
import { AssistantBubble, composerClass, OwnerBubble, TypingBubble } from '../../ui/chat-bubbles.tsx';
import { ChipRow } from '../../ui/chip-row.tsx';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notify.ts';
import { ChatHistory } from './chat-history.tsx';
import { conversationEntity, TEXT_CHAT_OP, useRegenerateText, useSendChatMessage } from './text-mutations.ts';
import { textQueries } from './text-queries.ts';
import { ReadinessNotice } from './text-readiness.tsx';
import classes from './text.module.css';

type TextChatProps = {
  conversationId: string | null;
  category: TextCategory;
  style: TextStyle;
  /** Moves the page to another chat (or a new one: null), keeping the picked idea and style. */
  onNavigate: (search: { conversation?: string; category: TextCategory; style: TextStyle }) => void;
  onLaunch: (conversationId: string) => void;
};

const EXAMPLES: Partial<Record<TextCategory, string>> = {
  flash_sale: 'Half-price fries tonight only, 5 to 7pm',
  happy_hour: 'Happy hour every weekday 4-6pm, $5 house wine',
  new_arrival: 'Our new spicy chicken sandwich is on the menu',
  event_invitation: 'Live jazz this Friday from 8pm',
};

/**
 * Spec §2/§4 text chat: pick a style, ask, and the AI answers with a question or a draft. A draft completes the
 * chat (the box is then disabled) and offers Regenerate, Copy and Launch Campaign. A message typed offline waits
 * on the phone, shown as waiting, and is sent once when the connection is back.
 */
export function TextChat({ conversationId, category, style, onNavigate, onLaunch }: TextChatProps) {
  const wide = useMediaQuery('(min-width: 62em)');
  const online = useOnline();
  const [historyOpen, setHistoryOpen] = useState(false);
  const [message, setMessage] = useState('');
  const readiness = useQuery(textQueries.readiness());
  const conversations = useQuery(textQueries.conversations());
  const conversation = useQuery({ ...textQueries.conversation(conversationId ?? ''), enabled: Boolean(conversationId) });
  const send = useSendChatMessage();
  const regenerate = useRegenerateText();
  const ops = usePendingOps({ entity: conversationEntity(conversationId ?? '-'), kind: TEXT_CHAT_OP }).filter((op) => op.status !== 'failed' && op.status !== 'conflict');
  const threadEnd = useRef<HTMLDivElement>(null);

  const data: TextConversation | undefined = conversation.data;
  const exists = Boolean(data);
  const waitingQueries = ops.map((op) => String((op.request.json as { query?: string } | undefined)?.query ?? ''));
  if (waitingQueries.length === 0 && send.isPending && send.variables?.conversationId === conversationId) waitingQueries.push(send.variables.query);
  const working = waitingQueries.length > 0 && online;
  const completed = data?.status === 'completed';
  const blocked = readiness.data ? !readiness.data.ready : false;
  const draft = data?.sms_campaign?.final_sms_draft ?? null;
  const lastDraftIndex = data ? data.messages.map((turn) => turn.kind).lastIndexOf('draft') : -1;

  useEffect(() => {
    threadEnd.current?.scrollIntoView({ block: 'end' });
  }, [data?.messages.length, waitingQueries.length, working]);

  const submit = () => {
    const query = message.trim();
    if (!query || completed || blocked || waitingQueries.length > 0) return;
    const isNew = !conversationId || (!exists && ops.length === 0);
    const id = conversationId ?? crypto.randomUUID();
    if (!conversationId) onNavigate({ conversation: id, category, style });
    setMessage('');
    send.mutate(
      { conversationId: id, isNew, query, category, style },
      {
        onSuccess: (result) => {
          if (result.queued) notifyInfo(online ? 'Your message is on its way; the answer will show here.' : 'You are offline: your message waits on this phone and is sent when you are back.');
        },
        onError: (error) => {
          setMessage(query);
          notifyError(error, TEXT_MESSAGES.fallback, { prefix: 'Error:' });
        },
      },
    );
  };

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notifySuccess('Copied');
    } catch {
      notifyError(null, 'Could not copy. Press and hold the text to copy it.');
    }
  };

  const history = (
    <ChatHistory
      conversations={conversations.data ?? []}
      current={conversationId}
      onOpen={(id) => {
        setHistoryOpen(false);
        onNavigate({ conversation: id, category, style });
      }}
      onNew={() => {
        setHistoryOpen(false);
        onNavigate({ category, style });
      }}
    />
  );

  const notFound = conversation.error instanceof ApiError && conversation.error.status === 404 && waitingQueries.length === 0;
  const started = exists || waitingQueries.length > 0;
  const categoryInfo = TEXT_CATEGORIES.find((item) => item.id === (data?.sms_category ?? category));

  const thread = (
    <Stack gap="md" style={{ minHeight: '60dvh' }}>
      {readiness.data && <ReadinessNotice readiness={readiness.data} />}
      {!started && !notFound && (
        <Paper withBorder radius="lg" p="md">
          <Stack gap="sm">
            <Select
              label="Template idea"
              size="md"
              data={TEXT_CATEGORIES.map((item) => ({ value: item.id, label: item.title }))}
              value={category}
              allowDeselect={false}
              onChange={(value) => value && onNavigate({ category: value as TextCategory, style })}
              comboboxProps={{ withinPortal: true }}
            />
            <Text size="sm" fw={500}>
              Style
            </Text>
            <ChipRow<TextStyle> value={style} options={TEXT_STYLES.map((item) => ({ value: item.id, label: item.label }))} onChange={(next) => onNavigate({ category, style: next })} testId="style-picker" />
            <Text size="sm" c="dimmed">
              Say what the text is about: the offer, the day or time, who it is for. Mise asks if something is missing and never adds prices or dates you did not give.
            </Text>
          </Stack>
        </Paper>
      )}
      {started && (
        <Group gap="xs">
          {categoryInfo && <Badge variant="light">{categoryInfo.title}</Badge>}
          <Badge variant="light" color="gray">
            {TEXT_STYLES.find((item) => item.id === (data?.style ?? style))?.label}
          </Badge>
        </Group>
      )}
      {notFound && (
        <Alert color="gray" title="This chat is not here">
          It may have been started on another phone that has not synced yet.{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => onNavigate({ category, style })}>
            New chat
          </Button>
        </Alert>
      )}
      <div className={classes.thread} data-testid="text-thread">
        {data?.messages.map((turn, index) => (
          <Stack key={`${turn.timestamp}-${index}`} gap="sm">
            <OwnerBubble>{turn.text}</OwnerBubble>
            <AssistantBubble>
              {turn.kind === 'draft' ? (
                <Stack gap="sm" data-testid="text-draft">
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                    Your text
                  </Text>
                  <Text style={{ whiteSpace: 'pre-wrap' }}>{index === lastDraftIndex && draft ? draft : turn.response}</Text>
                  {index === lastDraftIndex && data.sms_campaign && (
                    <Group gap="xs">
                      <Button
                        variant="light"
                        size="md"
                        leftSection={<IconRefresh size={18} />}
                        loading={regenerate.isPending}
                        onClick={() =>
                          regenerate.mutate(data.sms_campaign!, {
                            onSuccess: (result) => notifySuccess(result.message || TEXT_MESSAGES.regenerated),
                            onError: (error) => notifyError(error, TEXT_MESSAGES.fallback),
                          })
                        }
                      >
                        Regenerate
                      </Button>
                      <Button variant="light" size="md" leftSection={<IconCopy size={18} />} onClick={() => void copy(draft ?? turn.response)}>
                        Copy
                      </Button>
                      <Button size="md" leftSection={<IconSend size={18} />} onClick={() => onLaunch(data.conversation_id)}>
                        Launch Campaign
                      </Button>
                    </Group>
                  )}
                </Stack>
              ) : (
                <Text data-testid="text-question">{turn.response}</Text>
              )}
            </AssistantBubble>
          </Stack>
        ))}
        {waitingQueries.map((query, index) => (
          <Box key={`waiting-${index}`} className={online ? undefined : classes.waiting} style={{ alignSelf: 'flex-end', maxWidth: '85%' }}>
            <OwnerBubble>{query}</OwnerBubble>
            {!online && (
              <Text size="xs" c="dimmed" ta="right" mt={4} data-testid="chat-waiting">
                Waiting for a connection
              </Text>
            )}
          </Box>
        ))}
        {working && <TypingBubble />}
        <div ref={threadEnd} style={{ scrollMarginBottom: 160 }} />
      </div>
      <Box className={composerClass}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <Textarea
              style={{ flex: 1 }}
              size="md"
              autosize
              minRows={1}
              maxRows={5}
              aria-label="Message"
              maxLength={TEXT_LIMITS.query}
              disabled={completed || blocked}
              placeholder={completed ? 'Your text is ready. Launch it, or start a new chat for another.' : (EXAMPLES[category] ?? 'What is the text about?')}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  submit();
                }
              }}
            />
            <ActionIcon type="submit" size={44} radius="xl" aria-label="Send" disabled={completed || blocked || !message.trim() || waitingQueries.length > 0}>
              <IconArrowUp size={22} />
            </ActionIcon>
          </Group>
        </form>
      </Box>
    </Stack>
  );

  if (wide)
    return (
      <Grid gap="lg">
        <Grid.Col span={4}>{history}</Grid.Col>
        <Grid.Col span={8}>{thread}</Grid.Col>
      </Grid>
    );
  return (
    <>
      <Group justify="flex-end" mb="xs">
        <Button variant="default" size="md" leftSection={<IconHistory size={18} />} onClick={() => setHistoryOpen(true)}>
          History
        </Button>
      </Group>
      {thread}
      <Drawer opened={historyOpen} onClose={() => setHistoryOpen(false)} position="bottom" size="80%" title="Your chats" radius="lg">
        {history}
      </Drawer>
    </>
  );
}
