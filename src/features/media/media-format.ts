import type { MediaItem } from '../../contract/media.ts';

export { formatMegabytes, shortName } from '../../contract/media.ts';

/** 75.4 → "1:15". */
export function formatDuration(seconds: number | null | undefined) {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** The local calendar day an item was added, for "Date added" groups. */
const dayKey = (iso: string) => {
  const date = new Date(iso);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

function dayLabel(key: string, today = new Date()) {
  const todayKey = dayKey(today.toISOString());
  const yesterday = new Date(today);
  yesterday.setDate(today.getDate() - 1);
  if (key === todayKey) return 'Today';
  if (key === dayKey(yesterday.toISOString())) return 'Yesterday';
  const [y, m, d] = key.split('-').map(Number);
  return dateFormat.format(new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

/** Items grouped by the day they were added, newest day first, order kept within a day. */
export function groupByDay(items: MediaItem[]): { key: string; label: string; items: MediaItem[] }[] {
  const groups = new Map<string, MediaItem[]>();
  for (const item of items) {
    const key = dayKey(item.createdAt);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? 1 : -1)).map(([key, list]) => ({ key, label: dayLabel(key), items: list }));
}

/** `/media/{folder name}~{folderId}` (spec §2). */
export const folderParam = (folder: Pick<MediaItem, 'name' | 'id'>) => `${folder.name.replace(/[~/]/g, ' ')}~${folder.id}`;
export const folderIdFromParam = (param: string) => param.slice(param.lastIndexOf('~') + 1);
/** The folder's name as the address carries it, until the folder itself has loaded. */
export const folderNameFromParam = (param: string) => (param.includes('~') ? param.slice(0, param.lastIndexOf('~')) : param) || 'Folder';
