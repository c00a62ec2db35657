import { clsx } from 'clsx';
import { Link, NavLink, Outlet, ScrollRestoration } from 'react-router';
import { siteName } from '#shared/site';
import { LogOut, Menu, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Avatar } from '#web/components/Avatar';
import { HeaderSearch } from '#web/components/header/HeaderSearch';
import { NavigationProgress } from '#web/components/NavigationProgress';
import { RouteAnnouncer } from '#web/components/RouteAnnouncer';
import { SkipLink } from '#web/components/SkipLink';
import { useAuth } from '#web/lib/auth/authContext';
import { useLogout } from '#web/lib/auth/useLogout';
import { paths } from '#shared/paths';

// The sidebar's links (spec), after the admin's photo, name and role; Logout closes the list.
const adminLinks = [
  { label: 'Home', to: '/', end: true },
  { label: 'Admin Home', to: paths.admin.dashboard },
  { label: 'All Users', to: paths.admin.allUsers },
  { label: 'All Articles', to: paths.admin.allArticles },
  { label: 'Add Publishers', to: paths.admin.addPublisher },
];

/** The admin area's frame: a sidebar on wide screens; on narrow ones a Menu button shows the links. */
export function AdminLayout() {
  const { user } = useAuth();
  const logout = useLogout();
  // The narrow screens' menu; on wide screens the links always show and this is ignored.
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Escape closes the open menu, as it closes any menu, and focus goes back to its button.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  return (
    <div className="min-h-dvh lg:flex">
      <SkipLink />
      <NavigationProgress />
      <RouteAnnouncer />
      <aside
        onKeyDown={closeOnEscape}
        className="bg-ink text-paper lg:sticky lg:top-0 lg:h-dvh lg:w-64 lg:shrink-0"
      >
        <div className="flex items-baseline gap-3 px-4 py-4 sm:px-6 lg:block lg:py-8">
          <Link
            to="/"
            className="font-display text-3xl font-black tracking-tight focus-visible:outline-paper"
          >
            {siteName}
          </Link>
          <p className="text-xs font-semibold tracking-[0.2em] text-paper/75 uppercase lg:mt-1">
            Admin
          </p>
          <button
            ref={menuButton}
            type="button"
            aria-expanded={menuOpen}
            aria-controls="admin-menu"
            onClick={() => setMenuOpen((open) => !open)}
            className="ml-auto flex items-center gap-2 self-center rounded-sm border border-paper/40 px-3 py-2 text-sm font-semibold focus-visible:outline-paper lg:hidden"
          >
            {menuOpen ? (
              <X aria-hidden className="size-4" />
            ) : (
              <Menu aria-hidden className="size-4" />
            )}
            Menu
          </button>
        </div>
        <div id="admin-menu" className={clsx(!menuOpen && 'max-lg:hidden')}>
          {user && (
            <div className="flex items-center gap-3 border-t border-paper/20 px-4 py-3 sm:px-6 lg:flex-col lg:py-6 lg:text-center">
              <Avatar
                person={user}
                sizes="(min-width: 64rem) 80px, 40px"
                className="size-10 text-sm ring-2 ring-paper/30 lg:size-20 lg:text-2xl"
              />
              <div className="min-w-0">
                <p className="truncate font-serif text-lg font-bold">{user.name}</p>
                <p className="text-xs tracking-wider text-paper/75 uppercase">Role: Admin</p>
              </div>
            </div>
          )}
          <div className="border-t border-paper/20 px-4 py-3 sm:px-6 lg:py-4">
            <HeaderSearch onDark />
          </div>
          <nav aria-label="Admin" className="border-t border-paper/20">
            <ul className="flex flex-col px-1 py-2 sm:px-3 lg:py-4">
              {adminLinks.map((link) => (
                <li key={link.to} className="shrink-0">
                  <NavLink
                    to={link.to}
                    end={link.end}
                    onClick={() => setMenuOpen(false)}
                    className={({ isActive }) =>
                      clsx(
                        'block rounded-sm px-3 py-3 text-sm font-semibold transition-colors focus-visible:-outline-offset-2 focus-visible:outline-paper lg:py-2',
                        isActive ? 'bg-paper text-ink' : 'text-paper/85 hover:bg-paper/10',
                      )
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <li className="shrink-0">
                <button
                  type="button"
                  onClick={() => void logout()}
                  className="flex w-full items-center gap-2 rounded-sm px-3 py-3 text-left text-sm font-semibold text-paper/85 transition-colors hover:bg-paper/10 focus-visible:-outline-offset-2 focus-visible:outline-paper lg:py-2"
                >
                  <LogOut aria-hidden className="size-4" />
                  Logout
                </button>
              </li>
            </ul>
          </nav>
        </div>
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-8 sm:px-8 lg:py-12">
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}
