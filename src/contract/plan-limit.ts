/** The code the server sends with a refusal for a plan limit; the client offers the upgrade. Apart from subscriptions.ts
 * so the toasts (in every first load) do not carry the plans contract. */
export const PLAN_LIMIT_CODE = 'plan_limit';
