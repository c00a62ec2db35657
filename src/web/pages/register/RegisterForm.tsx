import { zodResolver } from '@hookform/resolvers/zod';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '#web/components/toasts/toast';
import type { z } from 'zod';
import { registrationSchema } from '#shared/accounts';
import { errorMessage, showAlert } from '#web/components/dialogs/alert';
import { controlledField } from '#web/components/form/controlledField';
import { PasswordField } from '#web/components/form/PasswordField';
import { TextField } from '#web/components/form/TextField';
import { PhotoField } from '#web/components/photo-field/PhotoField';
import { requiredPhotoSchema } from '#web/components/photo-field/rules';
import { buttonClass } from '#web/components/ui/button';
import { registerAccount } from '#web/lib/api/register';
import { useAuth } from '#web/lib/auth/authContext';
import { withOrigin } from '#web/lib/auth/origin';
import { useFormOutcome } from '#web/lib/formOutcome';
import { FormError } from '#web/components/form/FormError';
import { paths } from '#shared/paths';

/** The spec's rules (shared with the server) plus the photo, which travels as a file. */
const formSchema = registrationSchema.extend({ photo: requiredPhotoSchema });

/** Spec: after registering, the user goes to the origin page after about 2 seconds. */
const redirectDelayMs = 2000;

/**
 * Checked here first, then by the server. Posted to the server as it is (multipart, the photo
 * with it) when the app's script is not running (page-forms.ts), which registers and sends the
 * reader on, or shows the same message on the page again.
 */
export function RegisterForm({ from }: { from: string }) {
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const outcome = useFormOutcome();
  const [sentByApp, setSentByApp] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', email: '', password: '', photo: null },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await registerAccount(values, from);
    } catch (error) {
      void showAlert({ icon: 'error', title: 'Failed to Register', text: errorMessage(error) });
      // Rethrown so that react-hook-form does not count this attempt as a success.
      throw error;
    }
    // The answer signed the new user in: the header shows them at once.
    await refresh().catch(() => null);
    toast.success('User Created Successfully');
  });

  useEffect(() => {
    if (!isSubmitSuccessful) return;
    const timer = setTimeout(() => void navigate(from, { replace: true }), redirectDelayMs);
    return () => clearTimeout(timer);
  }, [isSubmitSuccessful, from, navigate]);

  return (
    <form
      method="post"
      action={withOrigin(paths.register, from)}
      encType="multipart/form-data"
      noValidate
      onSubmit={(event) => {
        setSentByApp(true);
        void onSubmit(event).catch(() => {});
      }}
      className="space-y-4"
    >
      {outcome?.kind === 'refused' && !sentByApp && (
        <FormError message={`Failed to Register: ${outcome.message}`} />
      )}
      <TextField
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <Controller
        control={control}
        name="photo"
        render={(photo) => <PhotoField name="photo" {...controlledField(photo)} />}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <button
        type="submit"
        // Stays disabled once registered, while the page waits to move on.
        disabled={isSubmitting || isSubmitSuccessful}
        className={clsx(buttonClass(), 'w-full')}
      >
        {isSubmitting ? 'Registering…' : 'Register'}
      </button>
    </form>
  );
}
