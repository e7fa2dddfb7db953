// The scheduled texts' status filter, apart from the list component: the route's search validation runs in the
// app's entry and may import only small modules.
export const TEXT_SCHEDULE_FILTERS = ['all', 'SCHEDULED', 'COMPLETED', 'CANCELLED'] as const;
export type TextScheduleFilter = (typeof TEXT_SCHEDULE_FILTERS)[number];
