import type { Query } from '@tanstack/react-query';

/** How long a persisted answer may be shown offline; the query client's gcTime is at least this. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/**
 * Which queries are kept on the device for offline reading: a query whose key starts with one of
 * these roots (and has data). Everything else lives in memory only. A feature whose lists should
 * be readable offline adds its root here (one line), e.g. `['customers', …]` → 'customers'.
 */
const PERSISTED_ROOTS = new Set<string>([
  'me', // the owner and their notification settings (profile, shell)
  'customers',
  'segments',
  'email', // drafts and templates
  'text', // conversations and text campaigns (the chat and drafts read offline)
  'plans',
  'media',
  'conversations',
  'brand',
  'ask', // Ask's conversations and graphs, with their charts
  'video', // scripts and videos (the videos' signed links last 12 to 24 hours)
  'audio', // voice templates, generated audios and trending audios
  'sequences',
  'dashboard',
]);

const isPersistedKey = (queryKey: readonly unknown[]) => typeof queryKey[0] === 'string' && PERSISTED_ROOTS.has(queryKey[0]);

/**
 * Anything with data is kept, including a query whose background refetch just failed offline
 * (status 'error' with its old data): dropping it would lose the offline copy exactly when needed.
 */
export const shouldPersistQuery = (query: Query) => query.state.data !== undefined && isPersistedKey(query.queryKey);
