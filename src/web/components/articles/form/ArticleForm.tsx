import { zodResolver } from '@hookform/resolvers/zod';
import { clsx } from 'clsx';
import { useRef, useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import type { z } from 'zod';
import { createArticleSchema, type CreateArticle } from '#shared/articles';
import { usePublishers } from '#web/lib/api/publishers';
import { controlledField } from '#web/components/form/controlledField';
import { TextField } from '#web/components/form/TextField';
import type { ArticleEditorHandle } from '#web/components/article-editor/ArticleEditor';
import { LazyArticleEditor } from '#web/components/article-editor/LazyArticleEditor';
import { ImageInput } from '#web/components/image-input/ImageInput';
import { uploadImage } from '#web/components/image-input/uploadImage';
import type { ArticleBody } from '#shared/article-body/schema';
import { buttonClass } from '#web/components/ui/button';
import { PublisherCombobox } from './PublisherCombobox';
import { TagPicker } from './TagPicker';

export type ArticleFormValues = z.input<typeof createArticleSchema>;

export const emptyArticle: ArticleFormValues = {
  name: '',
  publisher: '',
  tags: [],
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
  /** Names the body's draft kept in the browser: "new", or the article's id. */
  draftKey: string;
}

/** Title, publisher, tags, description and image, checked with the server's own rules. */
export function ArticleForm({
  defaultValues,
  imageLabel,
  submitLabel,
  onSubmit,
  clearOnSave,
  draftKey,
}: Props) {
  const publishers = usePublishers();
  const [uploading, setUploading] = useState(false);
  // The image field and the editor keep their state inside; a new key starts them afresh after
  // a reset.
  const [freshKey, setFreshKey] = useState(0);
  const editor = useRef<ArticleEditorHandle | null>(null);
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

  const save = async (values: CreateArticle) => {
    const saved = await onSubmit(values);
    // Saved: the browser's draft is done with (and a save it had pending is called off).
    if (saved) editor.current?.clearDraft();
    if (saved && clearOnSave) {
      reset(emptyArticle);
      setFreshKey((key) => key + 1);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(save)(event)} className="space-y-6">
      <TextField label="Title" error={errors.name?.message} {...register('name')} />
      <Controller
        control={control}
        name="publisher"
        render={(publisher) => (
          <PublisherCombobox
            {...controlledField(publisher)}
            label="Publisher"
            options={publishers.data?.map((item) => item.publisher) ?? []}
            loading={publishers.isPending}
            error={publisher.fieldState.error?.message ?? publisherLoadError(publishers.error)}
          />
        )}
      />
      <Controller
        control={control}
        name="tags"
        render={(tags) => <TagPicker {...controlledField(tags)} />}
      />
      <Controller
        control={control}
        name="body"
        render={({ field }) => (
          <LazyArticleEditor
            key={freshKey}
            ref={(handle) => {
              editor.current = handle;
              field.ref(handle);
            }}
            label="Description"
            // The document to start from; the editor holds the one being written, which it
            // sends through onChange (the form's copy of it is not handed back).
            value={defaultValues.body ?? null}
            onChange={(doc) => field.onChange(doc as ArticleBody)}
            onBlur={field.onBlur}
            error={firstMessage(errors.body) ?? errors.description?.message}
            draftKey={draftKey}
            uploadImage={async (file) => ({ url: (await uploadImage(file)).display_url })}
          />
        )}
      />
      <Controller
        control={control}
        name="image"
        render={({ field, fieldState }) => (
          <ImageInput
            key={freshKey}
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

/** The first message among a field's errors: the body's are as deep as the node they name. */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as Partial<FieldError>;
  if (typeof message === 'string') return message;
  for (const value of Object.values(error)) {
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

function publisherLoadError(error: Error | null): string | undefined {
  return error ? `The publishers could not be loaded: ${error.message}` : undefined;
}
