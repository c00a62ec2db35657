import { clsx } from 'clsx';
import { Link, useLocation } from 'react-router';
import type { FromState } from '#web/lib/auth/origin';
import { buttonClass } from '#web/components/ui/button';
import { paths } from '#shared/paths';

/** Leads guests to /login; after signing in they come back to the page they were reading. */
export function LoginButton() {
  const location = useLocation();
  const onAuthPage = /^\/(login|register)\/?$/.test(location.pathname);
  // On the login or register page itself, keep the page they originally came from.
  const state: unknown = onAuthPage ? location.state : ({ from: location } satisfies FromState);
  return (
    <Link to={paths.login} state={state} className={clsx(buttonClass({ size: 'sm' }), 'shrink-0')}>
      Login
    </Link>
  );
}
