/** One link in the main nav bar. */
export interface NavItem {
  label: string;
  to: string;
  /** Active only on this exact path (otherwise Home would be active everywhere). */
  end?: boolean;
}

/**
 * The nav bar's links, in order. These are the public ones; later issues add Premium Articles
 * (premium readers), Subscription and My Articles (signed in) and Dashboard (admins), each with
 * a rule saying who sees it, and filter this list by the signed-in reader.
 */
export const navItems: readonly NavItem[] = [
  { label: 'Home', to: '/', end: true },
  { label: 'All Articles', to: '/allpublishedarticles' },
];
