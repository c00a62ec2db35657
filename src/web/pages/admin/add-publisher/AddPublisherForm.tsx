import { useState, type FormEvent } from 'react';
import { toast } from '#web/components/toasts/toast';
import { errorMessage } from '#web/components/dialogs/alert';
import { TextField } from '#web/components/form/TextField';
import { ImageInput } from '#web/components/image-input/ImageInput';
import { buttonClass } from '#web/components/ui/button';
import { useAddPublisher } from '#web/lib/api/admin';
import { publisherMessages } from '#shared/api/publishers';

interface Errors {
  name?: string;
  logo?: string;
}

/** A publisher's name and logo; the logo is uploaded as soon as it is chosen. */
export function AddPublisherForm() {
  const [name, setName] = useState('');
  const [logo, setLogo] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  // Bumped after a success: remounting the image field clears its preview and file.
  const [formKey, setFormKey] = useState(0);
  const add = useAddPublisher();

  function submit(event: FormEvent) {
    event.preventDefault();
    const publisher = name.trim();
    const found: Errors = {
      name: publisher ? undefined : publisherMessages.nameRequired,
      logo: logo ? undefined : 'Logo is required',
    };
    setErrors(found);
    if (!publisher || !logo) return;
    add.mutate(
      { publisher, publisherLogo: logo },
      {
        onSuccess: () => {
          toast.success('Publisher added');
          setName('');
          setLogo(null);
          setFormKey((key) => key + 1);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <TextField
        label="Publisher Name"
        placeholder="Write Publisher Name here"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      <ImageInput
        key={formKey}
        label="Publisher Logo"
        value={logo}
        onUploaded={setLogo}
        onUploadingChange={setUploading}
        error={errors.logo}
      />
      <button
        type="submit"
        disabled={add.isPending || uploading}
        className={`${buttonClass()} w-full`}
      >
        {add.isPending ? 'Adding…' : 'Add Publisher'}
      </button>
    </form>
  );
}
