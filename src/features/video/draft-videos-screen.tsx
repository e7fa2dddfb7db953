import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../ui/page-header.tsx';
import { BackLink } from './back-link.tsx';
import { VideoGrid } from './video-cards.tsx';
import { videoQueries } from './video-queries.ts';

/** Draft Videos: every video not published yet, searchable by its concept (case-insensitive). */
export function DraftVideosScreen() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const videos = useQuery({ ...videoQueries.videos('drafts', debounced), placeholderData: (previous) => previous });
  return (
    <>
      <BackLink to="/campaigns/video-campaigns" label="Video campaigns" />
      <PageHeader title="Draft Videos">Made, being made, or not published yet.</PageHeader>
      <TextInput mb="md" size="md" leftSection={<IconSearch size={18} />} placeholder="Search" aria-label="Search videos" value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
      {videos.data && <VideoGrid videos={videos.data} />}
    </>
  );
}
