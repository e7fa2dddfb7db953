// The only client module that reads build-time values.
export const clientEnv = {
  buildId: __BUILD_ID__,
  isDev: import.meta.env.DEV,
} as const;
