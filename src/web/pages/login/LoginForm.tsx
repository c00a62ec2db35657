import { clsx } from 'clsx';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '#web/components/toasts/toast';
import { errorMessage, showAlert } from '#web/components/dialogs/alert';
import { PasswordField } from '#web/components/form/PasswordField';
import { TextField } from '#web/components/form/TextField';
import { buttonClass } from '#web/components/ui/button';
import { useAuth } from '#web/lib/auth/authContext';
import { withOrigin } from '#web/lib/auth/origin';
import { useFormOutcome } from '#web/lib/formOutcome';
import { FormError } from '#web/components/form/FormError';
import { paths } from '#shared/paths';

/**
 * Email and password. No checks here (spec): the server's answer says what was wrong. Posted to
 * the server when the app's script is not running (page-forms.ts), which signs in or shows the
 * same message on the page again.
 */
export function LoginForm({ from }: { from: string }) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const outcome = useFormOutcome();
  const [sentByApp, setSentByApp] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSentByApp(true);
    const data = new FormData(event.currentTarget);
    setPending(true);
    try {
      await signIn(String(data.get('email') ?? ''), String(data.get('password') ?? ''));
    } catch (error) {
      setPending(false);
      void showAlert({
        icon: 'error',
        title: 'Oops...',
        text: 'Failed to Sign in',
        footer: errorMessage(error),
      });
      return;
    }
    toast.success('You are successfully logged in.');
    void navigate(from, { replace: true });
  }

  return (
    <form
      method="post"
      action={withOrigin(paths.login, from)}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4"
    >
      {outcome?.kind === 'refused' && !sentByApp && (
        <FormError message={`Failed to Sign in: ${outcome.message}`} />
      )}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={outcome?.values.email}
      />
      <PasswordField name="password" autoComplete="current-password" required />
      <div className="text-right">
        <Link to={paths.forgotPassword} className="text-sm text-accent underline">
          Forgot password?
        </Link>
      </div>
      <button type="submit" disabled={pending} className={clsx(buttonClass(), 'w-full')}>
        {pending ? 'Logging in…' : 'Login'}
      </button>
    </form>
  );
}
