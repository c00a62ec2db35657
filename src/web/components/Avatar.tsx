import { clsx } from 'clsx';
import { useState } from 'react';

interface Props {
  name: string;
  photoURL: string | null;
  /** The photo's narrower copies (an HTML srcset), so a small avatar never fetches a big photo. */
  photoSrcset?: string | null;
  /** How wide the avatar is drawn (`56px`), for the browser's pick among `photoSrcset`. */
  sizes?: string;
  /** Size and other classes; the avatar is a circle. */
  className?: string;
  /** Empty (the default) when a label next to or around the avatar already names the person. */
  alt?: string;
}

/** A person's photo in a circle, or their initials when there is none or it fails to load. */
export function Avatar({ name, photoURL, photoSrcset, sizes, className, alt = '' }: Props) {
  const [failedURL, setFailedURL] = useState<string | null>(null);
  const classes = clsx('shrink-0 rounded-full', className);
  if (photoURL && photoURL !== failedURL) {
    return (
      <img
        src={photoURL}
        srcSet={photoSrcset ?? undefined}
        sizes={photoSrcset ? sizes : undefined}
        alt={alt}
        onError={() => setFailedURL(photoURL)}
        className={clsx(classes, 'bg-rule object-cover')}
      />
    );
  }
  return (
    <span
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      className={clsx(
        classes,
        'inline-flex items-center justify-center bg-ink font-sans font-semibold text-paper',
      )}
    >
      {initials(name)}
    </span>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts.at(-1)] : parts.slice(0, 1);
  return letters.map((part) => part?.[0]?.toUpperCase() ?? '').join('') || '?';
}
