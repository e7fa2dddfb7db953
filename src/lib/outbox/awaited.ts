/**
 * Ops whose screen is waiting for the answer (and shows a refusal itself, under its fields): written by
 * `sendThroughOutbox` (send.ts), read by the sync badge. Apart from send.ts so the badge, in every signed-in first
 * load, does not bring the outbox's sender along.
 */
export const awaitedByScreen = new Set<string>();
export const isAwaitedByScreen = (opId: string) => awaitedByScreen.has(opId);
