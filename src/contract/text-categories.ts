import { TEXT_CATEGORY_IDS, TEXT_STYLE_IDS, type TextCategory, type TextStyle } from './text-options.ts';

// The words of the text ideas and styles (their ids are in text-options.ts, which the app's entry loads): one entry per
// id, so an idea or style without its words does not compile. src/contract/text.ts re-exports them.

type CategoryWords = { title: string; description: string; /** A @tabler/icons-react component's name. */ icon: string };

/** The eleven template ideas of spec §2. */
const CATEGORY_WORDS: Record<TextCategory, CategoryWords> = {
  flash_sale: { title: 'Flash Sale', description: 'A short, urgent deal for today only.', icon: 'IconBolt' },
  new_arrival: { title: 'New Arrival Alert', description: 'Tell guests about a new dish or drink on the menu.', icon: 'IconSparkles' },
  limited_time_offer: { title: 'Limited-Time Offer', description: 'A deal with a clear end date, so guests come in before it ends.', icon: 'IconHourglass' },
  event_invitation: { title: 'Event Invitation', description: 'Invite guests to live music, a tasting or a special night.', icon: 'IconCalendarEvent' },
  loyalty_reminder: { title: 'Loyalty Program Reminder', description: 'Remind regulars of their points, stamps or next reward.', icon: 'IconAward' },
  vip_access: { title: 'Exclusive VIP Access', description: 'Early or members-only access for your best guests.', icon: 'IconCrown' },
  seasonal_special: { title: 'Seasonal Special', description: 'A dish or menu for the season or a holiday.', icon: 'IconLeaf' },
  customer_appreciation: { title: 'Customer Appreciation', description: 'Thank your guests for coming in, with or without a treat.', icon: 'IconHeart' },
  happy_hour: { title: 'Happy Hour Special', description: 'Drinks and bites at happy-hour prices.', icon: 'IconGlassCocktail' },
  order_reminder: { title: 'Order Reminder', description: 'Remind guests to order ahead or pick up their order.', icon: 'IconShoppingBag' },
  feedback_request: { title: 'Feedback Request', description: 'Ask guests how their last visit went.', icon: 'IconMessageStar' },
};
export const TEXT_CATEGORIES = TEXT_CATEGORY_IDS.map((id) => ({ id, ...CATEGORY_WORDS[id] }));

/** The chat's style picker. */
const STYLE_LABELS: Record<TextStyle, string> = { friendly: 'Friendly', professional: 'Professional', playful: 'Playful', urgent: 'Urgent', elegant: 'Elegant' };
export const TEXT_STYLES = TEXT_STYLE_IDS.map((id) => ({ id, label: STYLE_LABELS[id] }));
