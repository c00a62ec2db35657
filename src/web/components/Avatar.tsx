import { clsx } from 'clsx';
import { useState } from 'react';
import type { Article } from '#shared/articles';

/** Whom an avatar shows: a user's record fits as it is. */
export interface AvatarPerson {
  name: string;
  photoURL: string | null;
  /** The photo's narrower copies (an HTML srcset), so a small avatar never fetches a big photo. */
  photoSrcset?: string | null;
}

/** An article's author as an avatar shows them (the API names the photo `photo`). */
export function authorPerson(author: Article['author']): AvatarPerson {
  return { name: author.name, photoURL: author.photo, photoSrcset: author.photoSrcset };
}

interface Props {
  person: AvatarPerson;
  /** How wide the avatar is drawn (`56px`), for the browser's pick among `photoSrcset`. */
  sizes?: string;
  /** Size and other classes; the avatar is a circle. */
  className?: string;
  /** Empty (the default) when a label next to or around the avatar already names the person. */
  alt?: string;
}

/** A person's photo in a circle, or their initials when there is none or it fails to load. */
export function Avatar({ person, sizes, className, alt = '' }: Props) {
  const { name, photoURL, photoSrcset } = person;
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
