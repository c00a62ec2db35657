import { acceptedImageTypes, imageFileMessages, maxImageBytes } from '#shared/images';

/** For the file input's `accept` attribute. */
export const imageAccept = acceptedImageTypes.join(',');

const accepted: readonly string[] = acceptedImageTypes;

/**
 * Why the server would refuse this file, in its own words, found before sending it; undefined
 * when it may be sent. A browser that cannot name a file's type leaves that check to the server,
 * which reads the real type from the bytes anyway.
 */
export function checkImageFile(file: File): string | undefined {
  if (file.type !== '' && !accepted.includes(file.type)) return imageFileMessages.type;
  if (file.size > maxImageBytes) return imageFileMessages.tooLarge;
  return undefined;
}
