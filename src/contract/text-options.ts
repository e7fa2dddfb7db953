// The ids of the text ideas and styles, apart from the text contract and from their words (text-categories.ts): the
// chat route's search validation runs in the app's entry and may import only small modules. src/contract/text.ts
// re-exports them.

/** The eleven template ideas of spec §2, in their order; their titles and descriptions are in text-categories.ts. */
export const TEXT_CATEGORY_IDS = [
  'flash_sale',
  'new_arrival',
  'limited_time_offer',
  'event_invitation',
  'loyalty_reminder',
  'vip_access',
  'seasonal_special',
  'customer_appreciation',
  'happy_hour',
  'order_reminder',
  'feedback_request',
] as const;
export type TextCategory = (typeof TEXT_CATEGORY_IDS)[number];

/** The chat's styles, in the picker's order. */
export const TEXT_STYLE_IDS = ['friendly', 'professional', 'playful', 'urgent', 'elegant'] as const;
export type TextStyle = (typeof TEXT_STYLE_IDS)[number];
