import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '#web/components/toasts/toast';
import { z } from 'zod';
import { nameSchema, type UserRecord } from '#shared/accounts';
import { errorMessage, showAlert } from '#web/components/dialogs/alert';
import { controlledField } from '#web/components/form/controlledField';
import { TextField } from '#web/components/form/TextField';
import { PhotoField } from '#web/components/photo-field/PhotoField';
import { optionalPhotoSchema } from '#web/components/photo-field/rules';
import { buttonClass } from '#web/components/ui/button';
import { updateProfile } from '#web/lib/api/users';
import { useAuth } from '#web/lib/auth/authContext';

/** Spec: the name is required; the email cannot change; a new photo is optional. */
const formSchema = z.object({ name: nameSchema, photo: optionalPhotoSchema });

interface Props {
  user: UserRecord;
  /** Back to the read-only view (after saving, or on Cancel). */
  onDone: () => void;
}

export function ProfileForm({ user, onDone }: Props) {
  const { refresh } = useAuth();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: user.name, photo: null },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await updateProfile(values);
    } catch (error) {
      void showAlert({
        icon: 'error',
        title: 'Failed to Update Profile',
        text: errorMessage(error),
      });
      return;
    }
    // The header and this page read the record: fetch it again before showing it.
    await refresh().catch(() => null);
    toast.success('Profile Updated Successfully');
    onDone();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
      <TextField
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField label="Email" type="email" value={user.email} disabled readOnly />
      <Controller
        control={control}
        name="photo"
        render={(photo) => (
          <PhotoField
            label="Photo (optional)"
            currentURL={user.photoURL}
            {...controlledField(photo)}
          />
        )}
      />
      <div className="flex flex-wrap gap-3 pt-2">
        <button type="submit" disabled={isSubmitting} className={buttonClass()}>
          {isSubmitting ? 'Saving…' : 'Save'}
        </button>
        <button
          type="button"
          disabled={isSubmitting}
          onClick={onDone}
          className={buttonClass({ variant: 'secondary' })}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
