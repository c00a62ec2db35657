import { clsx } from 'clsx';
import { Link, NavLink } from 'react-router';
import { buttonClass } from '../ui/button';
import { navItems } from './navItems';

/**
 * The sticky nav bar under the masthead. On narrow screens the links scroll sideways while the
 * Login button stays put, so nothing runs off the screen however many items the list grows to.
 */
export function MainNav() {
  return (
    <nav aria-label="Main" className="sticky top-0 z-40 bg-paper">
      <div className="page-wrap">
        <div className="flex items-center gap-3 border-t-4 border-b border-double border-ink">
          <ul className="flex min-w-0 flex-1 overflow-x-auto [scrollbar-width:thin]">
            {navItems.map((item) => (
              <li key={item.to} className="shrink-0">
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    clsx(
                      'flex h-12 items-center border-b-2 px-3 text-sm font-semibold tracking-wider uppercase transition-colors focus-visible:-outline-offset-2',
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
          <Link to="/login" className={clsx(buttonClass({ size: 'sm' }), 'shrink-0')}>
            Login
          </Link>
        </div>
      </div>
    </nav>
  );
}
