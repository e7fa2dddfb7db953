import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './chat.module.css';

/** The sticky message box under a chat thread (above the phone's bottom bar). */
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
