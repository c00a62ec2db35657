import { zodResolver } from '@hookform/resolvers/zod';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '#web/components/toasts/toast';
import { z } from 'zod';
import { passwordResetMessages, passwordSchema } from '#shared/accounts';
import { paths } from '#shared/paths';
import { AuthCard } from '#web/components/AuthCard';
import { errorMessage } from '#web/components/dialogs/alert';
import { FormError } from '#web/components/form/FormError';
import { PasswordField } from '#web/components/form/PasswordField';
import { buttonClass } from '#web/components/ui/button';
import { PageHead } from '#web/head/PageHead';
import { resetPassword } from '#web/lib/api/passwordReset';
import { useFormOutcome } from '#web/lib/formOutcome';

/** The registration form's password rules, the server's too. */
const formSchema = z.object({ newPassword: passwordSchema });

/**
 * Where the mailed link lands: `?token=` and a new password. Posted to the server when the app's
 * script is not running (page-forms.ts), which answers with the same messages.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const outcome = useFormOutcome();
  const [failure, setFailure] = useState(outcome?.kind === 'refused' ? outcome.message : undefined);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { newPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFailure(undefined);
    try {
      toast.success(await resetPassword(token, newPassword));
    } catch (error) {
      setFailure(errorMessage(error));
      return;
    }
    void navigate(paths.login, { replace: true });
  });

  return (
    <AuthCard title="Choose a new password">
      {/* The token is the page's secret: no canonical address, and never indexed. */}
      <PageHead title="Choose a new password" noindex />
      {outcome?.kind === 'done' ? (
        <p role="status" className="text-center">
          {outcome.message}{' '}
          <Link to={paths.login} className="font-semibold text-accent underline">
            Login
          </Link>
        </p>
      ) : token ? (
        <form
          method="post"
          action={`${paths.resetPassword}?${new URLSearchParams({ token })}`}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="space-y-4"
        >
          <PasswordField
            label="New password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          {failure && <FormError message={failure} />}
          <button type="submit" disabled={isSubmitting} className={clsx(buttonClass(), 'w-full')}>
            {isSubmitting ? 'Saving…' : 'Set new password'}
          </button>
        </form>
      ) : (
        <p role="alert">{passwordResetMessages.invalidLink}</p>
      )}
      <p className="mt-6 text-center text-sm text-ink-muted">
        <Link to={paths.forgotPassword} className="font-semibold text-accent underline">
          Ask for a new link
        </Link>
      </p>
    </AuthCard>
  );
}
