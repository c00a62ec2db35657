import { clsx } from 'clsx';
import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { errorProps, FieldFrame } from '#web/components/form/FieldFrame';
import { imageAccept } from '#web/components/image-input/checkImageFile';

interface Props {
  label?: string;
  /** The form field's name, for a form the browser posts itself (before the app's script runs). */
  name?: string;
  /** The chosen file, or null (react-hook-form's Controller value). */
  value: File | null;
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  /** The photo shown while no file is chosen: the current one when editing a profile. */
  currentURL?: string | null | undefined;
  error?: string | undefined;
  /** Lets react-hook-form focus the field when its value is refused. */
  ref?: Ref<{ focus(): void }>;
}

/**
 * A photo picker that sends nothing by itself: the form posts the chosen file with its other
 * fields (registration and profile edits are one multipart request each, unlike ImageInput,
 * which uploads at once). Shows a preview of the file, or of the current photo.
 */
export function PhotoField({
  label = 'Photo',
  name,
  value,
  onChange,
  onBlur,
  currentURL,
  error,
  ref,
}: Props) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);

  useImperativeHandle(ref, () => ({ focus: () => inputRef.current?.focus() }), []);

  // Each preview's object URL is released once it is replaced or the field goes away.
  useEffect(() => {
    if (!preview) return;
    const { url } = preview;
    return () => URL.revokeObjectURL(url);
  }, [preview]);

  // The form was reset (Cancel): the picker must not keep showing the old file's name.
  useEffect(() => {
    if (!value && inputRef.current) inputRef.current.value = '';
  }, [value]);

  const shownURL = preview && preview.file === value ? preview.url : (currentURL ?? null);

  return (
    <FieldFrame id={id} label={label} error={error}>
      <div className="flex items-center gap-4">
        <div
          className={clsx(
            'flex size-16 shrink-0 items-center sm:size-20 justify-center overflow-hidden rounded-full border bg-paper',
            error ? 'border-accent' : 'border-rule',
          )}
        >
          {shownURL ? (
            <img src={shownURL} alt="Photo preview" className="size-full object-cover" />
          ) : (
            <ImagePlus aria-hidden className="size-8 text-ink-muted" />
          )}
        </div>
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="file"
          accept={imageAccept}
          onBlur={onBlur}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            setPreview(file ? { file, url: URL.createObjectURL(file) } : null);
            onChange(file);
          }}
          className="block w-full min-w-0 text-sm text-ink-muted file:mr-3 file:cursor-pointer file:rounded-sm file:border file:border-ink file:bg-surface file:px-3 file:py-2 file:text-xs file:font-semibold file:tracking-wide file:text-ink file:uppercase hover:file:bg-ink hover:file:text-paper"
          {...errorProps(id, error)}
        />
      </div>
    </FieldFrame>
  );
}
