// The text ideas and styles, apart from the text contract: the chat route's search validation runs in the app's entry
// and may import only small modules. src/contract/text.ts re-exports them.

/** The eleven template ideas of spec §2; `icon` names a @tabler/icons-react component. */
export const TEXT_CATEGORIES = [
  { id: 'flash_sale', title: 'Flash Sale', description: 'A short, urgent deal for today only.', icon: 'IconBolt' },
  { id: 'new_arrival', title: 'New Arrival Alert', description: 'Tell guests about a new dish or drink on the menu.', icon: 'IconSparkles' },
  { id: 'limited_time_offer', title: 'Limited-Time Offer', description: 'A deal with a clear end date, so guests come in before it ends.', icon: 'IconHourglass' },
  { id: 'event_invitation', title: 'Event Invitation', description: 'Invite guests to live music, a tasting or a special night.', icon: 'IconCalendarEvent' },
  { id: 'loyalty_reminder', title: 'Loyalty Program Reminder', description: 'Remind regulars of their points, stamps or next reward.', icon: 'IconAward' },
  { id: 'vip_access', title: 'Exclusive VIP Access', description: 'Early or members-only access for your best guests.', icon: 'IconCrown' },
  { id: 'seasonal_special', title: 'Seasonal Special', description: 'A dish or menu for the season or a holiday.', icon: 'IconLeaf' },
  { id: 'customer_appreciation', title: 'Customer Appreciation', description: 'Thank your guests for coming in, with or without a treat.', icon: 'IconHeart' },
  { id: 'happy_hour', title: 'Happy Hour Special', description: 'Drinks and bites at happy-hour prices.', icon: 'IconGlassCocktail' },
  { id: 'order_reminder', title: 'Order Reminder', description: 'Remind guests to order ahead or pick up their order.', icon: 'IconShoppingBag' },
  { id: 'feedback_request', title: 'Feedback Request', description: 'Ask guests how their last visit went.', icon: 'IconMessageStar' },
] as const;

export type TextCategory = (typeof TEXT_CATEGORIES)[number]['id'];
export const TEXT_CATEGORY_IDS = TEXT_CATEGORIES.map((category) => category.id) as [TextCategory, ...TextCategory[]];

/** The chat's style picker. */
export const TEXT_STYLES = [
  { id: 'friendly', label: 'Friendly' },
  { id: 'professional', label: 'Professional' },
  { id: 'playful', label: 'Playful' },
  { id: 'urgent', label: 'Urgent' },
  { id: 'elegant', label: 'Elegant' },
] as const;
export type TextStyle = (typeof TEXT_STYLES)[number]['id'];
