import { zodResolver } from '@hookform/resolvers/zod';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { passwordResetRequestSchema } from '#shared/accounts';
import { paths } from '#shared/paths';
import { AuthCard } from '#web/components/AuthCard';
import { FormError } from '#web/components/form/FormError';
import { TextField } from '#web/components/form/TextField';
import { buttonClass } from '#web/components/ui/button';
import { PageHead } from '#web/head/PageHead';
import { errorMessage } from '#web/components/dialogs/alert';
import { requestPasswordReset } from '#web/lib/api/passwordReset';
import { useFormOutcome } from '#web/lib/formOutcome';

/**
 * "Forgot password?" on the login page: the address to mail a link to. Posted to the server
 * when the app's script is not running (page-forms.ts), which answers with the same messages.
 */
export function ForgotPasswordPage() {
  const outcome = useFormOutcome();
  const [sent, setSent] = useState(outcome?.kind === 'done' ? outcome.message : undefined);
  const [failure, setFailure] = useState(outcome?.kind === 'refused' ? outcome.message : undefined);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<
    z.input<typeof passwordResetRequestSchema>,
    unknown,
    z.output<typeof passwordResetRequestSchema>
  >({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: outcome?.values.email ?? '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(undefined);
    try {
      setSent(await requestPasswordReset(email));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <AuthCard title="Forgot password?">
      <PageHead
        title="Forgot password?"
        description="Ask Tribune for a link to choose a new password."
        noindex
      />
      {sent ? (
        <p role="status" className="text-center">
          {sent}
        </p>
      ) : (
        <form
          method="post"
          action={paths.forgotPassword}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="space-y-4"
        >
          <p className="text-sm text-ink-muted">
            Enter the email address of your account, and we will send you a link to choose a new
            password.
          </p>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            defaultValue={outcome?.values.email}
            {...register('email')}
          />
          {failure && <FormError message={failure} />}
          <button type="submit" disabled={isSubmitting} className={clsx(buttonClass(), 'w-full')}>
            {isSubmitting ? 'Sending…' : 'Send me a link'}
          </button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-ink-muted">
        <Link to={paths.login} className="font-semibold text-accent underline">
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
