/**
 * The screens a team member (issue 19) may open: the media library and their own account. A leaf module with no
 * imports, since the signed-in layout's beforeLoad (always loaded) checks it; nav-items.ts marks the same entries.
 */
export const STAFF_PATHS = ['/', '/media', '/profile', '/settings/password'] as const;

/** Whether a team member may open this page; anything else sends them home. */
export const staffMayOpen = (pathname: string) =>
  STAFF_PATHS.some((path) => (path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`)));
