import { describe, expect, it } from 'vitest';
import type { Reader } from '#shared/rules/reading';
import { navItemsFor } from './navItems';

const labels = (viewer: Reader | null) => navItemsFor(viewer).map((item) => item.label);
const guest = null;
const reader: Reader = { isPremium: false, isAdmin: false };

describe('the links each reader sees in the nav bar', () => {
  it('a guest: the public pages only', () => {
    expect(labels(guest)).toEqual(['Home', 'All Articles']);
  });

  it('a signed-in reader: their own pages too, in order', () => {
    expect(labels(reader)).toEqual(['Home', 'All Articles', 'Subscription', 'My Articles']);
  });

  it('a premium reader: Premium Articles as well', () => {
    expect(labels({ ...reader, isPremium: true })).toEqual([
      'Home',
      'All Articles',
      'Premium Articles',
      'Subscription',
      'My Articles',
    ]);
  });

  it('an admin: the Dashboard, and not Premium Articles unless premium', () => {
    expect(labels({ ...reader, isAdmin: true })).toEqual([
      'Home',
      'All Articles',
      'Subscription',
      'My Articles',
      'Dashboard',
    ]);
  });

  it('Home is active on its own path only', () => {
    const home = navItemsFor(guest).find((item) => item.label === 'Home');
    expect(home).toMatchObject({ to: '/', end: true });
    expect(navItemsFor(guest).find((item) => item.label === 'All Articles')?.end).toBeUndefined();
  });
});
