// Apart from video.ts so a route's search and loader deps (always loaded, see vite.config.ts) carry only these.

export const VIDEO_LIMITS = {
  query: 500,
  title: 100,
  narration: 300,
  caption: 120,
  scenes: 12,
  sceneSeconds: { min: 1, max: 15 },
  /** Furthest start into a clip, in seconds. */
  trimStartMax: 600,
  /** Spec §9: the home's generated videos, script list limits, query truncation. */
  homeVideos: 3,
  scriptListShort: 5,
  scriptListLong: 100,
  queryShown: 40,
} as const;

export const truncateQuery = (text: string, length: number = VIDEO_LIMITS.queryShown) => (text.length > length ? `${text.slice(0, length)}…` : text);
