import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { MediaUploader } from '../../contract/media.ts';
import { displayNameOf } from '../../lib/session.ts';
import { ChipRow } from '../../ui/chip-row.tsx';
import { mediaQueries, type MediaFilter } from './media-queries.ts';

const EVERYONE = 'everyone';
const chipValue = (uploader: MediaUploader) => (uploader.id ? `id:${uploader.id}` : `former:${uploader.name}`);
const valueOf = (filter: MediaFilter) => (filter.uploader ? `id:${filter.uploader}` : filter.formerUploader ? `former:${filter.formerUploader}` : EVERYONE);

function labelOf(uploader: MediaUploader) {
  if (uploader.role === 'owner') return `${displayNameOf(uploader.name)} (you)`;
  if (uploader.role === 'removed') return `${uploader.name} (removed)`;
  return uploader.name;
}

/**
 * The owner's filter by uploader (issue 19): Everyone, the owner, each team member and removed members whose files are
 * still in the library. Shown only once someone besides the owner is (or was) on the team; the list is read from the
 * persisted media cache, so it works offline like the rest of the library.
 */
export function UploaderFilter({ value, onChange }: { value: MediaFilter; onChange: (next: MediaFilter) => void }) {
  const { data } = useQuery(mediaQueries.uploaders());
  const uploaders = data?.uploaders ?? [];
  const selected = valueOf(value);
  const hasTeam = uploaders.some((u) => u.role !== 'owner');
  if (!hasTeam && selected === EVERYONE) return null;
  const options = [{ value: EVERYONE, label: 'Everyone' }, ...uploaders.map((u) => ({ value: chipValue(u), label: labelOf(u) }))];
  // A filter from the URL that the list no longer names (or does not know yet, offline) stays visible and removable.
  if (!options.some((o) => o.value === selected)) options.push({ value: selected, label: value.uploader ? 'Someone else' : `${value.formerUploader} (removed)` });

  const choose = (next: string) => {
    if (next.startsWith('id:')) onChange({ uploader: next.slice(3), formerUploader: undefined });
    else if (next.startsWith('former:')) onChange({ uploader: undefined, formerUploader: next.slice(7) });
    else onChange({ uploader: undefined, formerUploader: undefined });
  };

  return (
    <div role="group" aria-label="Uploaded by" data-testid="uploader-filter">
      <Text size="sm" c="dimmed" fw={600} mb={4}>
        Uploaded by
      </Text>
      <ChipRow value={selected} options={options} onChange={choose} />
    </div>
  );
}
