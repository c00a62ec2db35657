import { clsx } from 'clsx';
import { useState } from 'react';
import { errorMessage, showAlert } from '#web/components/dialogs/alert';
import { buttonClass } from '#web/components/ui/button';
import { startGoogleSignIn } from '#web/lib/auth/authApi';
import { GoogleIcon } from './GoogleIcon';
import { googleReturnParams } from './useGoogleReturn';
import { paths } from '#shared/paths';

/** 'Login with Google': sends the window to Google, which later returns to /login. */
export function GoogleSignIn({ from }: { from: string }) {
  const [pending, setPending] = useState(false);

  async function signInWithGoogle() {
    setPending(true);
    const back = (extra: Record<string, string>) =>
      `${paths.login}?${new URLSearchParams({ [googleReturnParams.from]: from, ...extra })}`;
    try {
      const url = await startGoogleSignIn({
        callbackURL: back({ [googleReturnParams.signedIn]: 'google' }),
        errorCallbackURL: back({}),
      });
      window.location.assign(url);
    } catch (error) {
      setPending(false);
      void showAlert({
        icon: 'error',
        title: 'Oops...',
        text: 'Something went wrong!',
        footer: errorMessage(error),
      });
    }
  }

  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => void signInWithGoogle()}
      className={clsx(buttonClass({ variant: 'secondary' }), 'w-full')}
    >
      <GoogleIcon className="size-5" />
      Login with Google
    </button>
  );
}
