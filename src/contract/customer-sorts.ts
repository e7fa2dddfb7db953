// The customer list's sort keys, apart from the customer contract (which carries libphonenumber): the /customers
// route's search validation runs in the app's entry and may import only small modules.
export const CUSTOMER_SORTS = ['name', 'last_visit', 'total_spent', 'visits', 'created'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
