// Ask's modes, apart from the Ask contract (its schemas and messages): the /ask-mise route's search validation runs in
// the app's entry and may import only small modules. src/contract/ask.ts re-exports the type.
export const ASK_MODES = ['text', 'graph'] as const;
export type AskMode = (typeof ASK_MODES)[number];
