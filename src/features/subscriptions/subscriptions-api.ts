import {
  CardSetupResponseSchema,
  PlansResponseSchema,
  SaveCardResponseSchema,
  SubscriptionResponseSchema,
  SubscriptionSummarySchema,
  type PaidPlanId,
  type SaveCardRequest,
} from '../../contract/subscriptions.ts';
import { api } from '../../lib/api.ts';

export const subscriptionsApi = {
  plans: (signal?: AbortSignal) => api('/subscriptions/plans', PlansResponseSchema, { signal }),
  current: (signal?: AbortSignal) => api('/subscriptions/current', SubscriptionSummarySchema, { signal }),
  subscribe: (planId: PaidPlanId) => api('/subscriptions', SubscriptionResponseSchema, { json: { planId } }),
  cancel: () => api('/subscriptions/cancel', SubscriptionResponseSchema, { method: 'POST' }),
  cardSetup: () => api('/subscriptions/card/setup', CardSetupResponseSchema, { method: 'POST' }),
  /** Built-in provider: the number goes to our server once, is checked, and only brand + last four are kept. */
  saveCard: (body: SaveCardRequest) => api('/subscriptions/card', SaveCardResponseSchema, { json: body }),
};
