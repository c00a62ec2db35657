import { useEffect, useRef } from 'react';
import { parsePath, useLocation, useNavigate } from 'react-router';
import { toast } from '#web/components/toasts/toast';
import { showAlert } from '#web/components/dialogs/alert';
import { useAuth } from '#web/lib/auth/authContext';
import { fromParam, originOf, type FromState } from '#web/lib/auth/origin';
import { paths } from '#shared/paths';

/** Query parameters of the addresses Google sign-in returns to (see GoogleSignIn). */
export const googleReturnParams = { from: fromParam, signedIn: 'signedIn' } as const;

/**
 * Where to go after signing in, and the end of a Google sign-in: Google sends the browser back
 * to /login?signedIn=google (welcome toast, then the origin page) or, on failure, to
 * /login?error=… (better-auth's parameters), which shows the spec's error dialog.
 */
export function useGoogleReturn(): string {
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const handled = useRef(false);

  const params = new URLSearchParams(location.search);
  // The origin survives the trip to Google (and the server's redirect) in the query, as
  // navigation state does not.
  const from = originOf(location);
  const signedInWithGoogle = params.has(googleReturnParams.signedIn);
  const error = params.get('error');
  const errorDescription = params.get('error_description');

  useEffect(() => {
    if (handled.current) return;
    if (error) {
      handled.current = true;
      void showAlert({
        icon: 'error',
        title: 'Oops...',
        text: 'Something went wrong!',
        footer: errorDescription ?? `Google sign-in failed (${error.replaceAll('_', ' ')})`,
      });
      // A plain /login again, still remembering the origin.
      const state: FromState = {
        from: { search: '', hash: '', pathname: '/', ...parsePath(from) },
      };
      void navigate(paths.login, { replace: true, state });
      return;
    }
    if (signedInWithGoogle && auth.status !== 'loading') {
      handled.current = true;
      if (auth.status === 'signedIn') {
        toast.success(`Hi ${auth.user.name}! You are logged in.`);
        void navigate(from, { replace: true });
      } else {
        void navigate(paths.login, { replace: true });
      }
    }
  }, [error, errorDescription, signedInWithGoogle, from, auth, navigate]);

  return from;
}
