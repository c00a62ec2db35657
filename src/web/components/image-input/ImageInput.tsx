import { clsx } from 'clsx';
import { ImagePlus, RotateCw } from 'lucide-react';
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { ApiError } from '#web/lib/api/client';
import { errorId, FieldFrame } from '#web/components/form/FieldFrame';
import { buttonClass } from '#web/components/ui/button';
import { checkImageFile, imageAccept } from './checkImageFile';
import { uploadImage } from './uploadImage';

export interface ImageInputProps {
  label: string;
  /** The display URL the form holds: the uploaded image, or the current one when editing. */
  value?: string | null | undefined;
  /** Called with the display URL once the server has stored the chosen image. */
  onUploaded: (url: string) => void;
  /** Called with each file chosen, before it is sent; null when the choice is cleared. */
  onFileChange?: (file: File | null) => void;
  /** Whether an upload is under way: a form keeps its submit button disabled meanwhile. */
  onUploadingChange?: (uploading: boolean) => void;
  onBlur?: () => void;
  /** The form's own message for this field, e.g. react-hook-form's fieldState.error?.message. */
  error?: string | undefined;
  disabled?: boolean;
  /** Lets react-hook-form focus the field when its value is refused. */
  ref?: Ref<{ focus(): void }>;
}

type Upload =
  | { status: 'idle' }
  /** Refused for what the file is (type, size): sending it again will not help. */
  | { status: 'refused'; message: string }
  | { status: 'uploading'; file: File; preview: string; sent: number }
  | { status: 'done'; file: File; preview: string }
  /** Failed for another reason (network, server, session): the same file may be sent again. */
  | { status: 'failed'; file: File; preview: string; message: string };

/**
 * The image field of the article and publisher forms. (Registration and the profile send their
 * photo with the rest of the form, in one request: components/photo-field/PhotoField.tsx.) A chosen file is
 * checked here with the server's rules, previewed, and uploaded at once to POST /api/images
 * with a progress bar; the form receives the resulting URL through `onUploaded` and submits it
 * like any other field. The server's message shows under the field, with a retry when trying
 * again can help. With react-hook-form:
 *
 *   <Controller control={control} name="image" render={({ field, fieldState }) => (
 *     <ImageInput label="Image" ref={field.ref} value={field.value} onUploaded={field.onChange}
 *       onBlur={field.onBlur} error={fieldState.error?.message} onUploadingChange={setBusy} />
 *   )} />
 */
export function ImageInput({
  label,
  value,
  onUploaded,
  onFileChange,
  onUploadingChange,
  onBlur,
  error,
  disabled,
  ref,
}: ImageInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const inFlight = useRef<AbortController | null>(null);
  const [upload, setUpload] = useState<Upload>({ status: 'idle' });

  useImperativeHandle(ref, () => ({ focus: () => inputRef.current?.focus() }), []);

  const preview = 'preview' in upload ? upload.preview : null;
  // Each preview's object URL is released once it is replaced or the field goes away.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  // Leaving the page cancels an upload under way.
  useEffect(() => () => inFlight.current?.abort(), []);

  async function send(file: File, preview: string) {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setUpload({ status: 'uploading', file, preview, sent: 0 });
    onUploadingChange?.(true);
    try {
      const image = await uploadImage(file, {
        signal: controller.signal,
        onProgress: (sent) => setUpload({ status: 'uploading', file, preview, sent }),
      });
      setUpload({ status: 'done', file, preview });
      onUploaded(image.display_url);
    } catch (err) {
      // Replaced by a newer choice, or the field went away: nothing to report.
      if (controller.signal.aborted) return;
      if (err instanceof ApiError && [400, 413, 415].includes(err.status)) {
        setUpload({ status: 'refused', message: err.message });
        clearInput();
      } else {
        const message = err instanceof ApiError ? err.message : 'The upload failed.';
        setUpload({ status: 'failed', file, preview, message });
      }
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        onUploadingChange?.(false);
      }
    }
  }

  function choose(file: File | null) {
    onFileChange?.(file);
    const problem = file && checkImageFile(file);
    if (!file || problem) {
      inFlight.current?.abort();
      setUpload(problem ? { status: 'refused', message: problem } : { status: 'idle' });
      if (problem) clearInput();
      return;
    }
    void send(file, URL.createObjectURL(file));
  }

  // Emptied so that choosing the same file again is noticed.
  function clearInput() {
    if (inputRef.current) inputRef.current.value = '';
  }

  const message = 'message' in upload ? upload.message : error;
  const shown = preview ?? value ?? null;
  const percent = upload.status === 'uploading' ? Math.round(upload.sent * 100) : 0;

  return (
    <FieldFrame id={id} label={label} error={message}>
      <p id={hintId} className="-mt-1 mb-2 text-xs text-ink-muted">
        JPEG, PNG, WebP, GIF or AVIF, at most 5 MB.
      </p>
      {/* The preview above the file input on a phone: beside it, the input's own text ("No file
          chosen", a file's name) was cut to a few letters. */}
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:gap-4">
        <div
          className={clsx(
            'flex shrink-0 items-center justify-center overflow-hidden border bg-paper',
            'aspect-[4/3] w-28 rounded-sm',
            message ? 'border-accent' : 'border-rule',
          )}
        >
          {shown ? (
            <img src={shown} alt={`${label} preview`} className="size-full object-cover" />
          ) : (
            <ImagePlus aria-hidden className="size-8 text-ink-muted" />
          )}
        </div>
        <div className="w-full min-w-0 flex-1 space-y-2">
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={imageAccept}
            disabled={disabled}
            onBlur={onBlur}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${hintId} ${errorId(id)}` : hintId}
            className="block w-full min-w-0 text-sm text-ink-muted file:mr-3 file:cursor-pointer file:rounded-sm file:border file:border-ink file:bg-surface file:px-3 file:py-2 file:text-xs file:font-semibold file:tracking-wide file:text-ink file:uppercase hover:file:bg-ink hover:file:text-paper disabled:cursor-not-allowed disabled:opacity-60"
          />
          {upload.status === 'uploading' && (
            <div
              role="progressbar"
              aria-label={`Uploading ${label}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 overflow-hidden rounded-full bg-rule"
            >
              <div
                className="h-full bg-accent transition-[width]"
                style={{ width: `${percent}%` }}
              />
            </div>
          )}
          {upload.status === 'failed' && (
            <button
              type="button"
              onClick={() => void send(upload.file, upload.preview)}
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
            >
              <RotateCw aria-hidden className="size-3.5" />
              Try again
            </button>
          )}
          {/* Failures are announced here and shown as the field's error below. */}
          <p
            role="status"
            className={clsx('text-xs text-ink-muted', 'message' in upload && 'sr-only')}
          >
            {statusText(upload, percent)}
          </p>
        </div>
      </div>
    </FieldFrame>
  );
}

/** What the live region says as the upload goes. */
function statusText(upload: Upload, percent: number): string {
  switch (upload.status) {
    case 'uploading':
      return percent < 100 ? `Uploading… ${percent}%` : 'Processing…';
    case 'done':
      return 'Image uploaded.';
    case 'refused':
    case 'failed':
      return `Upload failed: ${upload.message}`;
    case 'idle':
      return '';
  }
}
