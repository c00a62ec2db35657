import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { UserRecord } from '#shared/accounts';
import { AuthContext, type Auth } from '#web/lib/auth/authContext';

/** A signed-out reader, or `user` signed in, for components that ask useAuth(). */
export function authAs(user: UserRecord | null): Auth {
  const actions = {
    signIn: () => Promise.resolve(user),
    signOut: () => Promise.resolve(),
    refresh: () => Promise.resolve(user),
  };
  return user
    ? { status: 'signedIn', user, isAdmin: user.isAdmin, isPremium: user.isPremium, ...actions }
    : { status: 'signedOut', user: null, isAdmin: false, isPremium: false, ...actions };
}

/**
 * Renders `element` at `path` in a memory router, with the auth given; every other address
 * shows where the app went and the state it carried, for the test to read.
 */
export function renderPage(
  element: ReactNode,
  { path, state, auth }: { path: string; state?: unknown; auth: Auth },
) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  return render(
    <AuthContext value={auth}>
      <RouterProvider router={router} />
    </AuthContext>,
  );
}

function Elsewhere() {
  const location = useLocation();
  return (
    <output aria-label="Went to">
      {JSON.stringify({ path: location.pathname, state: location.state as unknown })}
    </output>
  );
}
