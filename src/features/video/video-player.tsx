import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { Video } from '../../contract/video.ts';

/** Spec §9: the player starts at volume 0.5 and playback rate 1. */
export function VideoPlayer({ video }: { video: Video }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    ref.current.volume = 0.5;
    ref.current.playbackRate = 1;
  }, [video.video_url]);
  if (!video.video_url) return null;
  return (
    <Box maw={360} mx="auto" w="100%">
      <video
        ref={ref}
        src={video.video_url}
        poster={video.poster_url ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={`Video: ${video.title}`}
        style={{ width: '100%', aspectRatio: '9 / 16', borderRadius: 16, background: '#000' }}
      />
    </Box>
  );
}
