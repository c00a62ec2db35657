import { clsx } from 'clsx';
import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';
import { useAuth } from '../../lib/auth/authContext';
import { Avatar } from '../Avatar';
import { LoginButton } from './LoginButton';
import { navItemsFor } from './navItems';

// The menu's code (Radix) loads only for signed-in readers; guests never need it.
const AccountMenu = lazy(() => import('./AccountMenu'));

/**
 * The sticky nav bar under the masthead. On narrow screens the links scroll sideways while the
 * Login button or the avatar stays put, so nothing runs off the screen.
 */
export function MainNav() {
  const auth = useAuth();
  const items = navItemsFor({
    signedIn: auth.status === 'signedIn',
    isPremium: auth.isPremium,
    isAdmin: auth.isAdmin,
  });

  return (
    <nav aria-label="Main" className="sticky top-0 z-40 bg-paper">
      <div className="page-wrap">
        <div className="flex items-center gap-3 border-t-4 border-b border-double border-ink">
          <ul className="flex min-w-0 flex-1 overflow-x-auto [scrollbar-width:thin]">
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
            <Suspense
              fallback={
                <Avatar
                  name={auth.user.name}
                  photoURL={auth.user.photoURL}
                  className="mr-5 size-9 text-sm"
                />
              }
            >
              <AccountMenu user={auth.user} isAdmin={auth.isAdmin} />
            </Suspense>
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
