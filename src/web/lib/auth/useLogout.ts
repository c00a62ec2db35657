import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '#web/components/toasts/toast';
import { errorMessage, showAlert } from '#web/components/dialogs/alert';
import { useAuth } from './authContext';

/** Signs out, for the avatar menu and the admin sidebar: home page, toast, or the spec's dialog. */
export function useLogout(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      // Leave first: a page that needs a sign-in would otherwise send the user to /login.
      await signOut(() => navigate('/'));
    } catch (error) {
      void showAlert({
        icon: 'error',
        title: 'Oops...',
        text: 'Failed to Sign Out',
        footer: errorMessage(error),
      });
      return;
    }
    toast.success('You are successfully logged Out.');
  }, [signOut, navigate]);
}
