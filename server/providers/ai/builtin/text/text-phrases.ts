// The builtin's wording: how each kind of text frames the owner's words, how each style opens and closes,
// and the one question to ask. None of it states a fact (no price, day, dish or "free"): facts come only
// from the owner (tests check every draft with unsupportedFacts).
import type { TextCategory, TextStyle } from '../../../../../src/contract/text.ts';
import type { Missing } from './text-facts.ts';

/** `{S}` is the owner's subject (and answers); frames with no `{S}` are for a text that needs none. */
export const FRAMES: Record<TextCategory, { with: string[]; without: string[] }> = {
  flash_sale: { with: ['Flash sale! {S}.', 'Flash sale: {S}!', '{S} - flash sale!'], without: ['Flash sale!'] },
  new_arrival: { with: ['Just in: {S}!', 'New on the menu: {S}.', 'Fresh on the menu: {S}!'], without: ['Something new is on the menu!'] },
  limited_time_offer: { with: ['For a limited time: {S}!', 'Limited time only: {S}.', '{S} - for a limited time!'], without: ['A limited-time offer is here!'] },
  event_invitation: { with: ['Join us for {S}!', "You're invited: {S}!", 'Save the date: {S}.'], without: ["You're invited!"] },
  loyalty_reminder: { with: ['A reminder for our loyal guests: {S}.', 'Loyalty reminder: {S}!', 'Thanks for being a regular! {S}.'], without: ['Thanks for being a regular!'] },
  vip_access: { with: ['VIP access: {S}.', 'Just for our VIPs: {S}!', 'An exclusive for you: {S}.'], without: ['An exclusive for our VIPs!'] },
  seasonal_special: { with: ['Seasonal special: {S}!', 'Now in season: {S}.', 'This season: {S}!'], without: ['Our seasonal special is here!'] },
  customer_appreciation: { with: ['Thank you for being our guest! {S}.', 'We appreciate you! {S}.', '{S}. Thank you!'], without: ['Thank you for being our guest!', 'We appreciate you!', 'Thanks for your support!'] },
  happy_hour: { with: ['Happy hour: {S}!', "It's happy hour! {S}.", 'Happy hour is on: {S}.'], without: ['Happy hour is on!'] },
  order_reminder: { with: ['Reminder: {S}.', "Don't forget: {S}!", 'Friendly reminder: {S}.'], without: ["Don't forget to place your order!"] },
  feedback_request: { with: ['How was your visit? {S}.', "We'd love your feedback! {S}.", 'How did we do? {S}.'], without: ['How was your visit?', "We'd love your feedback!", 'How did we do?'] },
};

/** When the owner's subject already says what the frame would ("happy hour: …"), the frame's words go. */
export const CATEGORY_WORDS: Record<TextCategory, RegExp> = {
  flash_sale: /^(?:(?:our|the|a) )?flash sale\b[\s:!,.-]*/i,
  new_arrival: /^(?:(?:our|the|a) )?new arrivals?\b[\s:!,.-]*/i,
  limited_time_offer: /^(?:(?:our|the|a) )?limited[- ]time(?: offer)?\b[\s:!,.-]*/i,
  event_invitation: /^(?:event|invitation)\b[\s:!,.-]*/i,
  loyalty_reminder: /^(?:(?:our|the|a) )?loyalty(?: program)?(?: reminder)?\b[\s:!,.-]*/i,
  vip_access: /^(?:exclusive )?vip(?: access)?\b[\s:!,.-]*/i,
  seasonal_special: /^(?:(?:our|the|a) )?seasonal special\b[\s:!,.-]*/i,
  customer_appreciation: /^(?:customer )?appreciation\b[\s:!,.-]*/i,
  happy_hour: /^(?:(?:our|the|a) )?happy hour\b[\s:!,.-]*/i,
  order_reminder: /^(?:order )?reminder\b[\s:!,.-]*/i,
  feedback_request: /^feedback(?: request)?\b[\s:!,.-]*/i,
};

export const OPENERS: Record<TextStyle, string[]> = {
  friendly: ['', 'Hi friends!', 'Hey there!', 'Good news!'],
  professional: ['', ''],
  playful: ['Psst!', 'Guess what?', 'Yum alert!', 'Ooh!'],
  urgent: ['Hurry!', "Don't miss out!", 'Heads up!'],
  elegant: [''],
};

export const CLOSERS: Record<TextStyle, string[]> = {
  friendly: ['See you soon!', 'Come say hi!', "We'd love to see you!"],
  professional: ['We look forward to seeing you.', 'We hope to see you soon.'],
  playful: ['Come hungry!', 'Treat yourself!', 'Your taste buds will thank you!'],
  urgent: ["Don't wait!", 'Come in soon!', 'Be quick!'],
  elegant: ['We look forward to welcoming you.', 'We hope to see you soon.'],
};

/** Closers a kind of text needs instead of the style's (feedback asks for a reply or the website). */
export const CATEGORY_CLOSERS: Partial<Record<TextCategory, (website: string) => string[]>> = {
  feedback_request: (website) => {
    // Shown bare (no https://) to save characters; phones still make it a link.
    const site = website.replace(/^https?:\/\//, '').replace(/\/$/, '');
    return site ? [`Tell us at ${site}.`, `Share your thoughts at ${site}.`] : ['Just reply to this text.', 'Reply and let us know.'];
  },
  customer_appreciation: () => ['See you soon!', 'We hope to see you again soon.'],
  event_invitation: () => ['Hope to see you there!', "We'd love to see you there!", 'See you there!'],
};

/** Brand voice words that move the wording (the owner's own description of how they sound). */
export const VOICE = {
  calm: /^(?:elegant|refined|upscale|sophisticated|classy|calm|minimal|understated|formal|professional|polished)$/i,
  lively: /^(?:fun|playful|quirky|witty|cheeky|bold|energetic|lively|vibrant|loud|punchy)$/i,
} as const;

/** One short question for what is missing: the most important first, two at most in one sentence. */
export function questionFor(category: TextCategory, missing: readonly Missing[]): string {
  const has = (need: Missing) => missing.includes(need);
  if (has('audience')) return 'Who is it for: all your guests, your regulars, or your VIPs?';
  if (has('what') && has('when')) return category === 'event_invitation' ? "What's the event, and which day and time?" : 'What is it, and when?';
  if (has('offer') && has('when')) {
    if (category === 'happy_hour') return "What's on offer, and which days and hours?";
    if (category === 'limited_time_offer') return "What's the offer, and when does it end?";
    return "What's the offer, and when does it run?";
  }
  if (has('what')) {
    if (category === 'new_arrival') return "What's new on the menu?";
    if (category === 'seasonal_special') return 'Which seasonal dish or drink is it?';
    if (category === 'event_invitation') return "What's the event?";
    return 'What would you like the text to say?';
  }
  if (has('offer')) {
    if (category === 'loyalty_reminder') return 'What reward should we remind them about?';
    if (category === 'vip_access') return 'What do your VIPs get?';
    if (category === 'happy_hour') return "What's on the happy hour menu, and at what price?";
    return "What's the offer (for example 20% off or 2-for-1)?";
  }
  if (category === 'event_invitation') return 'Which day and time is it?';
  if (category === 'happy_hour') return 'Which days and hours?';
  if (category === 'limited_time_offer') return 'When does the offer end?';
  if (category === 'order_reminder') return 'By which day or time should guests order?';
  return 'When does it run: today only, or until a certain day?';
}
