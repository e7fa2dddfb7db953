import { useEffect, useRef, useState } from 'react';

/**
 * One sound at a time for a whole page: play a URL under a key, pause it, or play another (which stops the
 * first). `playing` is the key of what is sounding now.
 */
export function useAudioPlayer() {
  const element = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const current = useRef<string | null>(null);

  useEffect(
    () => () => {
      element.current?.pause();
      element.current = null;
    },
    [],
  );

  function toggle(key: string, url: string) {
    if (!element.current) {
      const audio = new Audio();
      audio.preload = 'none';
      audio.addEventListener('ended', () => setPlaying(null));
      audio.addEventListener('pause', () => setPlaying(null));
      audio.addEventListener('playing', () => setPlaying(current.current));
      element.current = audio;
    }
    const audio = element.current;
    if (current.current === key && !audio.paused) {
      audio.pause();
      return;
    }
    audio.pause();
    current.current = key;
    setFailed(null);
    if (audio.getAttribute('src') !== url) audio.src = url;
    audio.currentTime = 0;
    setPlaying(key);
    audio.play().catch(() => {
      setPlaying(null);
      setFailed(key);
    });
  }

  return { playing, failed, toggle };
}
