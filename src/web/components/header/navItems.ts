import { paths } from '#shared/paths';
import { hasPremiumPlan, type Reader } from '#shared/rules/reading';

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

/** The nav bar's links, in order. */
export const navItems: readonly NavItem[] = [
  { label: 'Home', to: '/', end: true, audience: 'everyone' },
  { label: 'All Articles', to: paths.allArticles, audience: 'everyone' },
  { label: 'Premium Articles', to: paths.premiumArticles, audience: 'premium' },
  { label: 'Subscription', to: paths.subscription, audience: 'signedIn' },
  { label: 'My Articles', to: paths.myArticles, audience: 'signedIn' },
  { label: 'Dashboard', to: paths.admin.dashboard, audience: 'admin' },
];

/** Who sees each audience's links; `null` is a guest. */
const sees: Record<Audience, (reader: Reader | null) => boolean> = {
  everyone: () => true,
  signedIn: (reader) => reader !== null,
  premium: hasPremiumPlan,
  admin: (reader) => reader !== null && reader.isAdmin,
};

/** The links this reader sees (`null`: a guest). */
export function navItemsFor(reader: Reader | null): NavItem[] {
  return navItems.filter((item) => sees[item.audience](reader));
}
