import { clsx } from 'clsx';
import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';
import type { UserRecord } from '#shared/accounts';
import { useHydrated } from '#web/hooks/useHydrated';
import { useAuth } from '#web/lib/auth/authContext';
import { readerOf } from '#web/lib/auth/reader';
import { Avatar } from '#web/components/Avatar';
import { LoginButton } from './LoginButton';
import { navItemsFor } from './navItems';
import { useNavStrip } from './useNavStrip';

// The menu's code (Radix) loads only for signed-in readers; guests never need it. The server
// draws the avatar alone (a part that waits for code would be sent as a script to swap it in,
// which the Content-Security-Policy refuses); the menu takes its place once the page hydrated.
const AccountMenu = lazy(() => import('./AccountMenu'));

/**
 * On a phone, the strip's edges fade out where more links wait past them (useNavStrip), which
 * says there is more to scroll to; padding lets the last link come clear of the right fade.
 */
const stripFades: Record<`${boolean}-${boolean}`, string> = {
  'false-false': '',
  'false-true': 'max-sm:[mask-image:linear-gradient(to_right,#000_calc(100%-2rem),transparent)]',
  'true-false': 'max-sm:[mask-image:linear-gradient(to_right,transparent,#000_2rem)]',
  'true-true':
    'max-sm:[mask-image:linear-gradient(to_right,transparent,#000_2rem,#000_calc(100%-2rem),transparent)]',
};

/**
 * The sticky nav bar under the masthead. On narrow screens the links scroll sideways while the
 * Login button or the avatar stays put, so nothing runs off the screen, and the current page's
 * link is scrolled into view.
 */
export function MainNav() {
  const auth = useAuth();
  const hydrated = useHydrated();
  const items = navItemsFor(readerOf(auth));
  const { strip, edges } = useNavStrip(items.length);

  return (
    <nav aria-label="Main" className="sticky top-0 z-40 bg-paper">
      <div className="page-wrap">
        <div className="flex items-center gap-3 border-t-4 border-b border-double border-ink">
          <ul
            ref={strip}
            className={clsx(
              'flex min-w-0 flex-1 overflow-x-auto [scrollbar-width:thin] max-sm:pr-8',
              stripFades[`${edges.before}-${edges.after}`],
            )}
          >
            {items.map((item) => (
              <li key={item.to} className="shrink-0">
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    clsx(
                      'flex h-12 items-center border-b-2 px-3 text-sm font-semibold tracking-wider whitespace-nowrap uppercase transition-colors focus-visible:-outline-offset-2',
                      isActive
                        ? 'border-accent text-accent'
                        : 'border-transparent text-ink hover:text-accent',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {auth.status === 'signedIn' ? (
            hydrated ? (
              <Suspense fallback={<AvatarStandIn user={auth.user} />}>
                <AccountMenu user={auth.user} isAdmin={auth.isAdmin} />
              </Suspense>
            ) : (
              <AvatarStandIn user={auth.user} />
            )
          ) : auth.status === 'signedOut' ? (
            <LoginButton />
          ) : (
            // Holds the button's place while the session loads, so the links do not shift.
            <span aria-hidden className="h-7 w-16 shrink-0" />
          )}
        </div>
      </div>
    </nav>
  );
}

/** The avatar where the menu will be, while its code loads. */
function AvatarStandIn({ user }: { user: UserRecord }) {
  return <Avatar person={user} sizes="36px" className="mr-5 size-9 text-sm" />;
}
