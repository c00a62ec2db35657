import { paths } from '#shared/paths';

/** Who sees a nav link (spec, "Header and footer"). */
export type Audience = 'everyone' | 'signedIn' | 'premium' | 'admin';

/** One link in the main nav bar. */
export interface NavItem {
  label: string;
  to: string;
  /** Active only on this exact path (otherwise Home would be active everywhere). */
  end?: boolean;
  audience: Audience;
}

/** The reader the nav is drawn for. */
export interface Viewer {
  signedIn: boolean;
  isPremium: boolean;
  isAdmin: boolean;
}

/** The nav bar's links, in order. */
export const navItems: readonly NavItem[] = [
  { label: 'Home', to: '/', end: true, audience: 'everyone' },
  { label: 'All Articles', to: paths.allArticles, audience: 'everyone' },
  { label: 'Premium Articles', to: paths.premiumArticles, audience: 'premium' },
  { label: 'Subscription', to: paths.subscription, audience: 'signedIn' },
  { label: 'My Articles', to: paths.myArticles, audience: 'signedIn' },
  { label: 'Dashboard', to: paths.admin.dashboard, audience: 'admin' },
];

const sees: Record<Audience, (viewer: Viewer) => boolean> = {
  everyone: () => true,
  signedIn: (viewer) => viewer.signedIn,
  premium: (viewer) => viewer.signedIn && viewer.isPremium,
  admin: (viewer) => viewer.signedIn && viewer.isAdmin,
};

/** The links this viewer sees. */
export function navItemsFor(viewer: Viewer): NavItem[] {
  return navItems.filter((item) => sees[item.audience](viewer));
}
