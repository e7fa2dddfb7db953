import { IconHome2 } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { activeNavPath, navItems, navSections, type NavItem } from '../../../src/ui/nav-items.ts';

const item = (order: number, placement: NavItem['placement']): NavItem => ({
  path: '/',
  label: `item ${order}`,
  icon: IconHome2,
  placement,
  order,
  description: '',
});

describe('navSections', () => {
  it('puts four primary screens in the bottom bar and the overflow first in More', () => {
    const sections = navSections([item(50, 'primary'), item(900, 'more'), item(10, 'primary'), item(20, 'primary'), item(40, 'primary'), item(30, 'primary')]);
    expect(sections.bottomBar.map((entry) => entry.order)).toEqual([10, 20, 30, 40]);
    expect(sections.moreSheet.map((entry) => entry.order)).toEqual([50, 900]);
    expect(sections.primary).toHaveLength(5);
  });

  it('lists every account screen that exists, and Home first', () => {
    const { primary, more } = navSections(navItems);
    expect(primary[0]?.path).toBe('/');
    expect(more.map((entry) => entry.path)).toEqual(expect.arrayContaining(['/profile', '/settings/notifications', '/settings/password']));
  });

  it('marks one entry as where you are: the most specific one', () => {
    expect(activeNavPath('/')).toBe('/');
    expect(activeNavPath('/customers')).toBe('/customers');
    expect(activeNavPath('/customers/3f1c')).toBe('/customers');
    expect(activeNavPath('/customers/segments')).toBe('/customers/segments');
    expect(activeNavPath('/customers/segments/3f1c')).toBe('/customers/segments');
    expect(activeNavPath('/customersx')).toBeNull();
    expect(activeNavPath('/brand')).toBeNull();
  });
});

describe('staff navigation (issue 19)', () => {
  it('shows a team member the media library and their own account only, every listed path a real entry', async () => {
    const { staffNavItems } = await import('../../../src/ui/nav-items.ts');
    const { STAFF_PATHS, staffMayOpen } = await import('../../../src/ui/staff-paths.ts');
    expect(staffNavItems.map((item) => item.path).sort()).toEqual([...STAFF_PATHS].sort());
    for (const path of ['/', '/media', '/media/images', '/media/Dishes~123', '/profile', '/settings/password']) expect(staffMayOpen(path), path).toBe(true);
    for (const path of ['/customers', '/ask-mise', '/campaigns', '/settings/team', '/settings/notifications', '/subscriptions', '/mediafoo', '/brand']) {
      expect(staffMayOpen(path), path).toBe(false);
    }
  });
});
