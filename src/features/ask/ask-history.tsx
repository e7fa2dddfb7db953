import { ActionIcon, Button, Group, Menu, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ASK_LIMITS, ASK_MESSAGES, RenameAskConversationRequestSchema, historyTitle, type AskMode } from '../../contract/ask.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { useContractForm } from '../../ui/contract-form.ts';
import { notifyError } from '../../ui/notify.ts';
import { askApi } from './ask-api.ts';
import { groupHistory } from './ask-history-groups.ts';
import { askKeys, askQueries } from './ask-queries.ts';

type Entry = { id: string; title: string; timestamp: string };

type Props = {
  mode: AskMode;
  selectedId: string | undefined;
  onOpen: (id: string) => void;
  onNewChat: () => void;
};

/** Past conversations (text mode) or graphs (graph mode), grouped by date, titles cut at 35 characters. */
export function AskHistory({ mode, selectedId, onOpen, onNewChat }: Props) {
  const conversations = useQuery({ ...askQueries.conversations(), enabled: mode === 'text' });
  const graphs = useQuery({ ...askQueries.graphs(), enabled: mode === 'graph' });
  const entries: Entry[] =
    mode === 'text'
      ? (conversations.data?.conversations ?? []).map((c) => ({ id: c.id, title: c.title, timestamp: c.timestamp }))
      : (graphs.data?.graphs ?? []).map((g) => ({ id: g.id, title: g.prompt, timestamp: g.timestamp }));
  const groups = groupHistory(entries, new Date());

  return (
    <Stack gap="sm" h="100%">
      <Button leftSection={<IconPlus size={18} />} h={44} variant="light" onClick={onNewChat}>
        New chat
      </Button>
      <ScrollArea.Autosize mah="calc(100dvh - 14rem)" type="auto">
        {groups.length === 0 ? (
          <Text c="dimmed" size="sm" p="xs">
            {mode === 'text' ? ASK_MESSAGES.noConversation : ASK_MESSAGES.noGraphs}
          </Text>
        ) : (
          <Stack gap="md" component="nav" aria-label={mode === 'text' ? 'Past conversations' : 'Past graphs'}>
            {groups.map(({ group, items }) => (
              <Stack key={group} gap={2}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs">
                  {group}
                </Text>
                {items.map((entry) => (
                  <HistoryRow key={entry.id} mode={mode} entry={entry} active={entry.id === selectedId} onOpen={onOpen} onDeleted={() => entry.id === selectedId && onNewChat()} />
                ))}
              </Stack>
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
    </Stack>
  );
}

function HistoryRow({ mode, entry, active, onOpen, onDeleted }: { mode: AskMode; entry: Entry; active: boolean; onOpen: (id: string) => void; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const form = useContractForm({ initialValues: { title: entry.title }, schema: RenameAskConversationRequestSchema });
  const remove = useMutation({
    mutationFn: () => (mode === 'text' ? askApi.removeConversation(entry.id) : askApi.removeGraph(entry.id)),
    onSuccess: async () => {
      setDeleting(false);
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: mode === 'text' ? askKeys.conversations() : askKeys.graphs() });
    },
    onError: (error) => notifyError(error, ASK_MESSAGES.failed),
  });
  const rename = useMutation({
    mutationFn: (title: string) => askApi.rename(entry.id, title),
    onSuccess: async () => {
      setRenaming(false);
      await queryClient.invalidateQueries({ queryKey: askKeys.conversations() });
    },
    onError: (error) => {
      if (!form.setServerErrors(error)) notifyError(error, ASK_MESSAGES.failed);
    },
  });

  if (renaming) {
    return (
      <form onSubmit={form.onSubmit(({ title }) => rename.mutate(title.trim()))}>
        <TextInput
          aria-label="Conversation title"
          maxLength={ASK_LIMITS.title}
          autoFocus
          {...form.getInputProps('title')}
          onBlur={() => !rename.isPending && setRenaming(false)}
          onKeyDown={(event) => event.key === 'Escape' && setRenaming(false)}
        />
      </form>
    );
  }
  return (
    <>
      <Group gap={2} wrap="nowrap">
        <NavLink
          component="button"
          active={active}
          onClick={() => onOpen(entry.id)}
          label={historyTitle(entry.title)}
          title={entry.title}
          mih={44}
          style={{ borderRadius: 8, flex: 1, minWidth: 0 }}
        />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size={44} aria-label={`More for “${historyTitle(entry.title)}”`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {mode === 'text' && (
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setRenaming(true)}>
                Rename
              </Menu.Item>
            )}
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <ConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={mode === 'text' ? 'Delete this conversation?' : 'Delete this graph?'}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
        message={`“${historyTitle(entry.title)}” will be gone from your history.`}
      />
    </>
  );
}
