import {
  ActionIcon,
  Box,
  Drawer,
  Group,
  SegmentedControl,
  Stack,
  Title,
} from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import {
  ASK_MESSAGES,
  type AskGraph,
  type AskMode,
} from "../../contract/ask.ts";
import { useOnline } from "../../lib/offline/online.ts";
import { ChatComposer } from "../../ui/chat-bubbles.tsx";
import { notifyError } from "../../ui/notify.ts";
import { AskEmpty } from "./ask-empty.tsx";
import { AskHistory } from "./ask-history.tsx";
import { askQueries } from "./ask-queries.ts";
import {
  conversationEntity,
  graphEntity,
  useAskAnswers,
  useAskGraph,
  useAskMessage,
  useWaitingQuestions,
} from "./ask-send.ts";
import {
  ConversationThread,
  GraphThread,
  MissingThread,
} from "./ask-thread.tsx";
import classes from "./ask.module.css";

export type AskSearch = {
  mode?: AskMode;
  conversation?: string;
  graph?: string;
};

type Props = AskSearch & {
  displayName: string;
  onNavigate: (search: AskSearch) => void;
};

/** The follow-up chain of a graph, oldest first (at most 6 back, from what the phone has). */
function chainOf(graph: AskGraph | undefined, known: AskGraph[]): AskGraph[] {
  const chain: AskGraph[] = [];
  for (
    let at = graph;
    at && chain.length < 6;
    at = known.find((g) => g.id === at!.follows_id)
  )
    chain.unshift(at);
  return chain;
}

/**
 * Ask (spec §2): text mode answers in words, graph mode in charts. Sending goes to the conversation's or
 * graph's URL at once and shows the typing dots until the answer comes (or "waiting" while offline).
 */
export function AskScreen({
  mode = "text",
  conversation: conversationId,
  graph: graphId,
  displayName,
  onNavigate,
}: Props) {
  useAskAnswers();
  const online = useOnline();
  // History: a sidebar on wide screens, a bottom sheet on phones (one of them rendered, never both).
  const wide = useMediaQuery("(min-width: 62em)") ?? false;
  const [words, setWords] = useState("");
  const [historyOpen, setHistoryOpen] = useState(false);
  // Conversations and graphs started on this page: the server may not have them yet, so never "not here".
  const [startedHere, setStartedHere] = useState<ReadonlySet<string>>(
    () => new Set(),
  );
  const rememberStarted = (id: string) =>
    setStartedHere((ids) => new Set(ids).add(id));
  const bottom = useRef<HTMLDivElement>(null);

  const starters = useQuery(askQueries.starters());
  const conversations = useQuery({
    ...askQueries.conversations(),
    enabled: mode === "text",
  });
  const graphs = useQuery({
    ...askQueries.graphs(),
    enabled: mode === "graph",
  });
  const waiting = useWaitingQuestions(
    mode === "text"
      ? conversationEntity(conversationId ?? "-")
      : graphEntity(graphId ?? "-"),
  );

  // The history has the latest 50 with their messages; an older one is read on its own.
  const listedConversation = conversations.data?.conversations.find(
    (c) => c.id === conversationId,
  );
  const conversationDetail = useQuery({
    ...askQueries.conversation(conversationId ?? "-"),
    enabled:
      mode === "text" &&
      !!conversationId &&
      !listedConversation &&
      waiting.length === 0 &&
      !startedHere.has(conversationId),
  });
  const conversation = listedConversation ?? conversationDetail.data;
  const knownGraphs = graphs.data?.graphs ?? [];
  const listedGraph = knownGraphs.find((g) => g.id === graphId);
  const graphDetail = useQuery({
    ...askQueries.graph(graphId ?? "-"),
    enabled:
      mode === "graph" &&
      !!graphId &&
      !listedGraph &&
      waiting.length === 0 &&
      !startedHere.has(graphId),
  });
  const graph = listedGraph ?? graphDetail.data;
  // A graph still waiting shows the one it follows up above it.
  const waitingFollows = (
    waiting[0]?.request.json as { follows_id?: string } | undefined
  )?.follows_id;
  const chain = chainOf(
    graph ?? knownGraphs.find((g) => g.id === waitingFollows),
    knownGraphs,
  );

  const sendMessage = useAskMessage();
  const sendGraph = useAskGraph();
  const busy = waiting.some((op) => op.status === "sending");

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ behavior: "smooth", block: "end" });
  }, [conversation?.messages.length, chain.length, waiting.length, mode]);

  function ask(raw: string) {
    const text = raw.trim();
    if (!text) return;
    setWords("");
    const onError = (error: unknown) => notifyError(error, ASK_MESSAGES.failed);
    if (mode === "text") {
      const id = conversationId ?? crypto.randomUUID();
      if (!conversationId) {
        rememberStarted(id);
        onNavigate({ mode, conversation: id });
      }
      sendMessage.mutate(
        { id, words: text, isNew: !conversation },
        { onError },
      );
    } else {
      const id = crypto.randomUUID();
      rememberStarted(id);
      onNavigate({ mode, graph: id });
      // Only a graph the server has can be followed up; one still waiting starts afresh.
      sendGraph.mutate(
        { id, words: text, isNew: true, followsId: graph?.id },
        { onError },
      );
    }
  }

  const open = (id: string) => {
    setHistoryOpen(false);
    onNavigate(
      mode === "text" ? { mode, conversation: id } : { mode, graph: id },
    );
  };
  const newChat = () => {
    setHistoryOpen(false);
    onNavigate({ mode });
  };
  const selectedId = mode === "text" ? conversationId : graphId;
  const missing =
    !!selectedId &&
    waiting.length === 0 &&
    (mode === "text"
      ? !conversation && conversationDetail.isError
      : !graph && graphDetail.isError);
  const history = (
    <AskHistory
      mode={mode}
      selectedId={selectedId}
      onOpen={open}
      onNewChat={newChat}
    />
  );

  return (
    <div className={classes.layout}>
      {wide && <Box className={classes.sidebar}>{history}</Box>}
      <div className={classes.main}>
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <Title order={1} fz={26}>
              Ask
            </Title>
            <Group gap="xs" wrap="nowrap">
              <SegmentedControl
                aria-label="Answer with"
                value={mode}
                onChange={(value) => onNavigate({ mode: value as AskMode })}
                data={[
                  { label: "Text", value: "text" },
                  { label: "Graph", value: "graph" },
                ]}
                size="md"
              />
              {!wide && (
                <ActionIcon
                  variant="light"
                  size={44}
                  aria-label="History"
                  onClick={() => setHistoryOpen(true)}
                >
                  <IconHistory size={22} />
                </ActionIcon>
              )}
            </Group>
          </Group>
          {missing ? (
            <MissingThread
              what={mode === "text" ? "conversation" : "graph"}
              onNewChat={newChat}
            />
          ) : !selectedId ? (
            <AskEmpty
              displayName={displayName}
              mode={mode}
              prompts={starters.data?.prompts ?? []}
              hasHistory={mode === "graph" && knownGraphs.length > 0}
              onAsk={ask}
            />
          ) : mode === "text" ? (
            <ConversationThread
              conversation={conversation}
              waiting={waiting}
              online={online}
              onAsk={ask}
            />
          ) : (
            <GraphThread
              chain={chain}
              waiting={waiting}
              online={online}
              onAsk={ask}
            />
          )}
          <div ref={bottom} />
        </Stack>
        <ChatComposer
          label={mode === "text" ? "Ask a question" : "Ask for a chart"}
          placeholder={
            mode === "text"
              ? "e.g. how did Tuesdays do this month?"
              : "e.g. sales by month this year"
          }
          value={words}
          onChange={setWords}
          onSend={ask}
          busy={busy}
        />
      </div>
      {!wide && (
        <Drawer
          opened={historyOpen}
          onClose={() => setHistoryOpen(false)}
          position="bottom"
          size="75%"
          title={mode === "text" ? "Conversations" : "Graphs"}
        >
          {history}
        </Drawer>
      )}
    </div>
  );
}
