import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SegmentDefinition, SegmentPreview } from '../../contract/segments.ts';
import { segmentsApi } from './segments-api.ts';

/**
 * The live count and sample for a definition the owner is adjusting. Debounced so a number typed
 * digit by digit asks once; the previous answer stays on screen while the next one loads.
 * Kept out of the persisted ['segments'] root: a preview is only worth anything right now.
 */
export function useSegmentPreview(definition: SegmentDefinition, initial: SegmentPreview) {
  const [debounced] = useDebouncedValue(definition, 350);
  const key = JSON.stringify(debounced);
  const query = useQuery({
    queryKey: ['segment-preview', key],
    queryFn: ({ signal }) => segmentsApi.previewDefinition(debounced, signal),
    placeholderData: keepPreviousData,
    initialData: key === JSON.stringify(initial.definition) ? initial : undefined,
    staleTime: 10_000,
  });
  const settled = JSON.stringify(definition) === key;
  return { preview: query.data ?? initial, updating: !settled || query.isFetching, error: query.error };
}
