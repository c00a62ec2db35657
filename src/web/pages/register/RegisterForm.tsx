import { zodResolver } from '@hookform/resolvers/zod';
import { clsx } from 'clsx';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../components/toasts/toast';
import type { z } from 'zod';
import { registrationSchema } from '#shared/accounts';
import { errorMessage, showAlert } from '../../components/dialogs/alert';
import { PasswordField } from '../../components/form/PasswordField';
import { TextField } from '../../components/form/TextField';
import { PhotoField } from '../../components/photo-field/PhotoField';
import { requiredPhotoSchema } from '../../components/photo-field/rules';
import { buttonClass } from '../../components/ui/button';
import { registerAccount } from '../../lib/api/register';
import { useAuth } from '../../lib/auth/authContext';

/** The spec's rules (shared with the server) plus the photo, which travels as a file. */
const formSchema = registrationSchema.extend({ photo: requiredPhotoSchema });

/** Spec: after registering, the user goes to the origin page after about 2 seconds. */
const redirectDelayMs = 2000;

export function RegisterForm({ from }: { from: string }) {
  const { refresh } = useAuth();
  const navigate = useNavigate();
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
      await registerAccount(values);
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
      noValidate
      onSubmit={(event) => void onSubmit(event).catch(() => {})}
      className="space-y-4"
    >
      <TextField
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <Controller
        control={control}
        name="photo"
        render={({ field, fieldState }) => (
          <PhotoField
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
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
