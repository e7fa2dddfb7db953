/** Every search value as a string (providers send numbers-looking states and codes); for validateSearch of callbacks. */
export const stringSearch = (search: Record<string, unknown>) => Object.fromEntries(Object.entries(search).map(([key, value]) => [key, String(value)]));
