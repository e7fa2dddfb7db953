import type { Icon } from '@tabler/icons-react';
import { IconCreditCard, IconCrown, IconMail, IconMessage, IconMovie, IconPalette, IconSpeakerphone, IconShare } from '@tabler/icons-react';
import { IconBell, IconHome2, IconLock, IconMessageChatbot, IconUser } from '@tabler/icons-react';
import { IconPhoto } from '@tabler/icons-react';
import { IconUsersGroup, IconUsersPlus } from '@tabler/icons-react';
import { IconChartBar, IconTimeline } from '@tabler/icons-react';
import { IconBuildingStore, IconUsers } from '@tabler/icons-react';
import type { FileRouteTypes } from '../routeTree.gen.ts';
import { STAFF_PATHS } from './staff-paths.ts';

/** A screen that exists: typed against the route tree, so an entry for a route that is not built does not compile. */
// `to` (not `fullPaths`): an index route under a layout has a full path with a trailing slash that links do not accept.
export type NavPath = FileRouteTypes['to'];

export type NavItem = {
  path: NavPath;
  label: string;
  icon: Icon;
  /** 'primary': bottom bar on phones (the first four) and top of the sidebar; 'more': the More sheet and lower sidebar. */
  placement: 'primary' | 'more';
  order: number;
  /** One line under the label on the home screen's shortcut card. */
  description: string;
};

// One line per screen. Features add theirs here when their screen ships; nothing is listed before it exists.
export const navItems: readonly NavItem[] = [
  { path: '/', label: 'Home', icon: IconHome2, placement: 'primary', order: 0, description: 'Your day at a glance' },
  { path: '/ask-mise', label: 'Ask', icon: IconMessageChatbot, placement: 'primary', order: 2, description: 'Questions about your sales and guests, answered in words and charts' },
  { path: '/campaigns', label: 'Campaigns', icon: IconSpeakerphone, placement: 'primary', order: 5, description: 'Email, text and video campaigns' },
  { path: '/customers', label: 'Customers', icon: IconUsers, placement: 'primary', order: 10, description: 'Your guests, their visits and consent' },
  { path: '/media', label: 'Media', icon: IconPhoto, placement: 'primary', order: 30, description: 'Photos and videos of your dishes' },
  { path: '/dashboard', label: 'Dashboard', icon: IconChartBar, placement: 'more', order: 100, description: "A snapshot of your week: what your campaigns brought in" },
  { path: '/customers/segments', label: 'Segments', icon: IconUsersGroup, placement: 'more', order: 300, description: 'Groups of customers to send campaigns to' },
  { path: '/profile', label: 'Profile', icon: IconUser, placement: 'more', order: 900, description: 'Name, photo, email and phone' },
  { path: '/settings/notifications', label: 'Notifications', icon: IconBell, placement: 'more', order: 910, description: 'Choose what Mise tells you about' },
  { path: '/settings/password', label: 'Password', icon: IconLock, placement: 'more', order: 920, description: 'Change the password you sign in with' },
  { path: '/settings/content', label: 'Restaurant content', icon: IconPalette, placement: 'more', order: 800, description: 'Logo, colours, voice and email header' },
  { path: '/settings/pos', label: 'Point of sale', icon: IconBuildingStore, placement: 'more', order: 805, description: 'Connect Square or Clover' },
  { path: '/settings/socials', label: 'Social accounts', icon: IconShare, placement: 'more', order: 810, description: 'Link TikTok for your videos' },
  { path: '/settings/team', label: 'Team', icon: IconUsersPlus, placement: 'more', order: 815, description: 'Invite staff to upload photos from their phones' },
  { path: '/subscriptions', label: 'Plans', icon: IconCrown, placement: 'more', order: 820, description: 'Your plan, its limits and upgrades' },
  { path: '/settings/payment', label: 'Payment', icon: IconCreditCard, placement: 'more', order: 830, description: 'Your card and cancelling a plan' },
];

/**
 * The kinds of campaign on the Campaigns screen; each is added when its screens ship (Email, Text, Video,
 * Sequences), so everything listed works.
 */
export const campaignChannels: ReadonlyArray<{ path: NavPath; label: string; description: string; icon: Icon }> = [
  { path: '/campaigns/email-campaigns', label: 'Email', description: 'AI drafts and templates in your brand', icon: IconMail },
  { path: '/campaigns/text-campaigns', label: 'Text', description: 'Texts that bring guests in tonight, sent with care', icon: IconMessage },
  { path: '/campaigns/video-campaigns', label: 'Video', description: 'Short TikTok videos from your photos and clips', icon: IconMovie },
  { path: '/campaigns/sequences', label: 'Sequences', description: 'Emails and texts that go out by themselves, step by step', icon: IconTimeline },
];

/** What a team member sees: the media library and their own account (the server allows nothing else). */
export const staffNavItems: readonly NavItem[] = navItems.filter((item) => (STAFF_PATHS as readonly string[]).includes(item.path));

/** How many primary entries fit the phone's bottom bar next to More. */
const BOTTOM_BAR_SLOTS = 4;

const byOrder = (a: NavItem, b: NavItem) => a.order - b.order;

export function navSections(items: readonly NavItem[] = navItems) {
  const primary = items.filter((item) => item.placement === 'primary').sort(byOrder);
  const more = items.filter((item) => item.placement === 'more').sort(byOrder);
  return {
    primary,
    more,
    bottomBar: primary.slice(0, BOTTOM_BAR_SLOTS),
    // Primary entries that do not fit the bottom bar go first in the More sheet.
    moreSheet: [...primary.slice(BOTTOM_BAR_SLOTS), ...more],
  };
}

/**
 * The one entry that is "where you are": the most specific whose path is the page or a parent of it
 * (`/customers/segments/…` is Segments, not Customers). Home only on `/` itself. Null off the menu.
 */
export function activeNavPath(pathname: string, items: readonly NavItem[] = navItems): NavPath | null {
  let best: NavItem | null = null;
  for (const item of items) {
    const matches = item.path === '/' ? pathname === '/' : pathname === item.path || pathname.startsWith(`${item.path}/`);
    if (matches && (!best || item.path.length > best.path.length)) best = item;
  }
  return best?.path ?? null;
}
