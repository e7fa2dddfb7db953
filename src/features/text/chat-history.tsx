import { ActionIcon, Badge, Button, Group, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { RenameTextConversationRequestSchema, TEXT_LIMITS, TEXT_MESSAGES, type TextConversation } from '../../contract/text.ts';
import { useContractForm } from '../../ui/contract-form.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notify.ts';
import { clip } from './text-format.ts';
import { useRenameConversation } from './text-mutations.ts';

const GROUPS = ['Today', 'Yesterday', 'Previous 7 days', 'Older'] as const;

/** Today, Yesterday, Previous 7 days, Older: by the phone's calendar days. */
function dateGroupOf(iso: string, now = new Date()): (typeof GROUPS)[number] {
  const day = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  const days = Math.round((day(now) - day(new Date(iso))) / 86_400_000);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days <= 7) return 'Previous 7 days';
  return 'Older';
}

type ChatHistoryProps = {
  conversations: TextConversation[];
  current: string | null;
  onOpen: (conversationId: string) => void;
  onNew: () => void;
};

/** The chat history (a sheet on phones, a column on wide screens): grouped by date, 33-character titles, rename. */
export function ChatHistory({ conversations, current, onOpen, onNew }: ChatHistoryProps) {
  const [renaming, setRenaming] = useState<TextConversation | null>(null);
  const sorted = [...conversations].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
  return (
    <Stack gap="md" data-testid="chat-history">
      <Button leftSection={<IconPlus size={18} />} size="md" onClick={onNew}>
        New chat
      </Button>
      {sorted.length === 0 && (
        <Text size="sm" c="dimmed">
          Your chats will be listed here.
        </Text>
      )}
      {GROUPS.map((group) => {
        const items = sorted.filter((conversation) => dateGroupOf(conversation.timestamp) === group);
        if (items.length === 0) return null;
        return (
          <Stack key={group} gap={4}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              {group}
            </Text>
            {items.map((conversation) => (
              <Group key={conversation.conversation_id} gap={4} wrap="nowrap">
                <UnstyledButton
                  onClick={() => onOpen(conversation.conversation_id)}
                  py={8}
                  px={10}
                  style={{ flex: 1, minWidth: 0, minHeight: 44, borderRadius: 8, background: conversation.conversation_id === current ? 'var(--mantine-color-gray-1)' : undefined }}
                  aria-current={conversation.conversation_id === current ? 'page' : undefined}
                >
                  <Text size="sm" fw={600} truncate="end">
                    {clip(conversation.title, TEXT_LIMITS.chatTitleShown)}
                  </Text>
                  <Badge size="xs" variant="light" color={conversation.status === 'completed' ? 'teal' : 'gray'}>
                    {conversation.status}
                  </Badge>
                </UnstyledButton>
                <ActionIcon variant="subtle" color="gray" size={44} aria-label={`Rename “${conversation.title}”`} onClick={() => setRenaming(conversation)}>
                  <IconPencil size={18} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        );
      })}
      <RenameModal conversation={renaming} onClose={() => setRenaming(null)} />
    </Stack>
  );
}

function RenameModal({ conversation, onClose }: { conversation: TextConversation | null; onClose: () => void }) {
  return (
    <Modal opened={conversation !== null} onClose={onClose} title="Rename chat" centered>
      {conversation && <RenameForm key={conversation.conversation_id} conversation={conversation} onDone={onClose} />}
    </Modal>
  );
}

function RenameForm({ conversation, onDone }: { conversation: TextConversation; onDone: () => void }) {
  const rename = useRenameConversation();
  const form = useContractForm({ initialValues: { title: conversation.title }, schema: RenameTextConversationRequestSchema });
  const handleSubmit = form.onSubmit(({ title }) =>
    rename.mutate(
      { conversationId: conversation.conversation_id, title: title.trim() },
      {
        onSuccess: (result) => {
          if (result.queued) notifyInfo('Renamed on this phone. It will reach the server when you are back online.');
          else notifySuccess(result.body.message || TEXT_MESSAGES.titleUpdated);
          onDone();
        },
        onError: (error) => {
          form.setServerErrors(error);
          notifyError(error, TEXT_MESSAGES.fallback);
        },
      },
    ),
  );
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <TextInput label="Title" size="md" data-autofocus maxLength={TEXT_LIMITS.title} {...form.getInputProps('title')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
