import * as v from 'valibot';

const BASE = 'https://mise.invalid';
// Sending someone back to a signed-out screen after signing in would be a loop.
const AUTH_PATHS = ['/signin', '/signup', '/forgot-password', '/password-reset', '/verify-account'];

/** Only a path on this origin may be a redirect target: never `//evil.example`, `/\evil`, `javascript:` or a full URL. */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // Control characters and backslashes are how parsers get talked into another host.
  if ([...value].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE || AUTH_PATHS.includes(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/signin?redirect=/profile`: anything unsafe is dropped, not an error page. */
export const SigninSearchSchema = v.object({
  redirect: v.fallback(v.optional(v.pipe(v.string(), v.transform((value: string) => safeRedirect(value)), v.string())), undefined),
});
