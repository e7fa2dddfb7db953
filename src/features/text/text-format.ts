import type { Icon } from '@tabler/icons-react';
import {
  IconAward,
  IconBolt,
  IconCalendarEvent,
  IconCrown,
  IconGlassCocktail,
  IconHeart,
  IconHourglass,
  IconLeaf,
  IconMessageStar,
  IconShoppingBag,
  IconSparkles,
} from '@tabler/icons-react';
import type { TextCategory } from '../../contract/text.ts';

/** The icon of each template idea (named in the contract, imported here so only these eleven are bundled). */
export const CATEGORY_ICONS: Record<TextCategory, Icon> = {
  flash_sale: IconBolt,
  new_arrival: IconSparkles,
  limited_time_offer: IconHourglass,
  event_invitation: IconCalendarEvent,
  loyalty_reminder: IconAward,
  vip_access: IconCrown,
  seasonal_special: IconLeaf,
  customer_appreciation: IconHeart,
  happy_hour: IconGlassCocktail,
  order_reminder: IconShoppingBag,
  feedback_request: IconMessageStar,
};

/** Spec §9 truncation: cut at `max` characters (graphemes) with an ellipsis. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

export const when = (iso: string) => new Date(iso).toLocaleString(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Cents (perhaps fractional) as dollars: "$0.42", "$1,250.00". */
export const dollarsOf = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

export const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
