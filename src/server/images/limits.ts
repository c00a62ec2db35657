import { imageFileMessages } from '#shared/images';

/**
 * The image pipeline's limits, and the messages people see when an image is refused. The file
 * size limit and the first messages are shared with the web app (src/shared/images.ts).
 */

/** Decompression bombs: a small file can declare billions of pixels. */
export const maxImagePixels = 40_000_000;

/** Stored images are scaled down to this width, never up. */
export const maxImageWidth = 1600;

/**
 * The narrower copies stored beside each image, so a browser can fetch the one that fits the
 * box it shows the image in (srcset): a card on a phone needs 400–800 px, not 1,600, and a
 * publisher's logo, drawn at most 160 × 64 px, needs 160 px or less. Only the widths below the
 * image's own are made.
 */
export const imageVariantWidths = [160, 400, 800, 1200] as const;

export const imageMessages = {
  ...imageFileMessages,
  tooManyPixels: 'Please choose an image of at most 40 megapixels',
  empty: 'The chosen file is empty: please choose an image',
  missing: 'Please choose an image to upload',
  field: 'Send the image in a form field named image',
  tooManyParts: 'Send one image at a time, with no more than a few other fields',
  notMultipart: 'Send the image as multipart/form-data in a field named image',
  storeFailed: 'The image could not be saved right now: please try again',
  tooManyImages: 'You have uploaded many images in the last hour. Please try again later.',
} as const;
