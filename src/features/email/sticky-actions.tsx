import { Group } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The screen's main buttons, kept where the thumb is while the email scrolls past: sticky at the bottom of the
 * screen, above the phone's bottom bar (AppShell's footer offset; 0 on wide screens, where there is no bar).
 */
export function StickyActions({ children }: { children: ReactNode }) {
  return (
    <Group
      grow
      gap="sm"
      py="sm"
      data-testid="sticky-actions"
      style={{
        position: "sticky",
        bottom: "var(--app-shell-footer-offset, 0rem)",
        zIndex: 3,
        background: "var(--mantine-color-gray-0)",
      }}
    >
      {children}
    </Group>
  );
}
