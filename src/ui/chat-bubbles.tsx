import { ActionIcon, Box, Group, Text, Textarea } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './chat.module.css';

/** The sticky message box's class, for a chat that lays out its own box (the text chat). */
export const composerClass = classes.composer;

export function OwnerBubble({ children }: { children: ReactNode }) {
  return (
    <Box className={classes.ownerBubble} data-testid="owner-message">
      {children}
    </Box>
  );
}

export function AssistantBubble({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <Box className={classes.assistantBubble} data-testid="assistant-message" aria-busy={busy || undefined}>
      {children}
    </Box>
  );
}

/** The animated "typing" placeholder while the assistant works (spec §2, as on the Ask screen). */
export function TypingBubble() {
  return (
    <AssistantBubble busy>
      <span className={classes.dots} role="status" aria-label="The assistant is working">
        <span className={classes.dot} />
        <span className={classes.dot} />
        <span className={classes.dot} />
      </span>
    </AssistantBubble>
  );
}

export function AssistantText({ children }: { children: ReactNode }) {
  return <Text>{children}</Text>;
}

/** The sticky message box under a chat: above the phone's bottom bar, sends on Enter (Shift+Enter: new line). */
export function ChatComposer({ label, placeholder, value, onChange, onSend, busy, maxLength = 500 }: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  busy?: boolean;
  maxLength?: number;
}) {
  return (
    <form
      className={classes.composer}
      onSubmit={(event) => {
        event.preventDefault();
        onSend(value);
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Textarea
          aria-label={label}
          placeholder={placeholder}
          autosize
          minRows={1}
          maxRows={4}
          maxLength={maxLength}
          size="md"
          style={{ flex: 1 }}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              onSend(value);
            }
          }}
        />
        <ActionIcon type="submit" size={44} radius="xl" aria-label="Send" disabled={!value.trim() || busy}>
          <IconArrowUp size={22} />
        </ActionIcon>
      </Group>
    </form>
  );
}
