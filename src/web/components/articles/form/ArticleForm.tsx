import { zodResolver } from '@hookform/resolvers/zod';
import { clsx } from 'clsx';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createArticleSchema, type CreateArticle } from '#shared/articles';
import { usePublishers } from '../../../lib/api/publishers';
import { TextAreaField } from '../../form/TextAreaField';
import { TextField } from '../../form/TextField';
import { ImageInput } from '../../image-input/ImageInput';
import { buttonClass } from '../../ui/button';
import { PublisherCombobox } from './PublisherCombobox';
import { TagPicker } from './TagPicker';

export type ArticleFormValues = z.input<typeof createArticleSchema>;

export const emptyArticle: ArticleFormValues = {
  name: '',
  publisher: '',
  tags: [],
  description: '',
  image: '',
};

interface Props {
  defaultValues: ArticleFormValues;
  imageLabel: string;
  submitLabel: string;
  /**
   * Called with the checked values (after the page's own confirmation); answers true once the
   * article is saved. With `clearOnSave`, a saved form empties itself for the next article.
   */
  onSubmit: (values: CreateArticle) => Promise<boolean>;
  clearOnSave?: boolean;
}

/** Title, publisher, tags, description and image, checked with the server's own rules. */
export function ArticleForm({
  defaultValues,
  imageLabel,
  submitLabel,
  onSubmit,
  clearOnSave,
}: Props) {
  const publishers = usePublishers();
  const [uploading, setUploading] = useState(false);
  // The image field keeps its preview inside; a new key starts it afresh after a reset.
  const [imageKey, setImageKey] = useState(0);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ArticleFormValues, unknown, CreateArticle>({
    resolver: zodResolver(createArticleSchema),
    defaultValues,
  });

  const submit = handleSubmit(async (values) => {
    const saved = await onSubmit(values);
    if (saved && clearOnSave) {
      reset(emptyArticle);
      setImageKey((key) => key + 1);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-6">
      <TextField label="Title" error={errors.name?.message} {...register('name')} />
      <Controller
        control={control}
        name="publisher"
        render={({ field, fieldState }) => (
          <PublisherCombobox
            ref={field.ref}
            label="Publisher"
            options={publishers.data?.map((item) => item.publisher) ?? []}
            loading={publishers.isPending}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message ?? publisherLoadError(publishers.error)}
          />
        )}
      />
      <Controller
        control={control}
        name="tags"
        render={({ field, fieldState }) => (
          <TagPicker
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextAreaField
        label="Description"
        rows={10}
        error={errors.description?.message}
        {...register('description')}
      />
      <Controller
        control={control}
        name="image"
        render={({ field, fieldState }) => (
          <ImageInput
            key={imageKey}
            ref={field.ref}
            label={imageLabel}
            value={field.value || null}
            onUploaded={field.onChange}
            onBlur={field.onBlur}
            onUploadingChange={setUploading}
            error={fieldState.error?.message}
          />
        )}
      />
      <button
        type="submit"
        disabled={isSubmitting || uploading}
        className={clsx(buttonClass(), 'w-full sm:w-auto')}
      >
        {uploading ? 'Uploading image…' : isSubmitting ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}

function publisherLoadError(error: Error | null): string | undefined {
  return error ? `The publishers could not be loaded: ${error.message}` : undefined;
}
