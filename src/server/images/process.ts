import sharp, { type Metadata, type Sharp } from 'sharp';
import { maxImageBytes } from '#shared/images';
import { AppError } from '#server/errors';
import { detectImageType, type AcceptedImageType } from './detect.js';
import { imageMessages, imageVariantWidths, maxImagePixels, maxImageWidth } from './limits.js';
import type { ImageFormat } from './store.js';

/** A freshly encoded image, ready for a store: none of the uploaded bytes survive in it. */
export interface ProcessedImage {
  bytes: Buffer;
  format: ImageFormat;
  width: number;
  height: number;
  /** Narrower copies of it (imageVariantWidths below its own width), narrowest first. */
  variants: ImageVariant[];
}

/** An image's size in pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

export interface ImageVariant extends ImageSize {
  bytes: Buffer;
}

/**
 * Turns uploaded bytes into a safe image, or throws an AppError (400 or 413) saying why not.
 * The file must be at most 5 MB; its type is read from its bytes and sharp's decoder must agree;
 * its declared size is checked before any pixel is decoded. The image is then decoded (the first
 * frame of an animation), turned upright by its EXIF orientation, scaled down to at most 1600 px
 * wide and encoded again as WebP with no metadata at all (EXIF, GPS, XMP, ICC, comments).
 * Anything hidden in or appended to the upload is not pixels, so it is left behind. The
 * narrower variants are made from the same decoded pixels.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length === 0) throw new AppError('bad_request', imageMessages.empty);
  if (input.length > maxImageBytes) throw new AppError('payload_too_large', imageMessages.tooLarge);
  const type = detectImageType(input);
  if (!type) throw notAnImage();

  const header = await readHeader(input);
  if (!header || !decodesAs(type, header)) throw notAnImage();
  if (header.width * header.height > maxImagePixels) {
    throw new AppError('payload_too_large', imageMessages.tooManyPixels);
  }

  try {
    const upright = sharp(input, {
      limitInputPixels: maxImagePixels,
      // Tolerate the minor damage many cameras leave; a fresh encode is made either way.
      failOn: 'error',
    }).autoOrient();
    const { data, info } = await encode(upright.clone(), maxImageWidth);
    const variants = await variantsAt(upright, info.width);
    return { bytes: data, format: 'webp', width: info.width, height: info.height, variants };
  } catch {
    // A file that opens like an image but does not decode: damaged, or a polyglot.
    throw notAnImage();
  }
}

/** At most `width` wide, never enlarged. */
function encode(image: Sharp, width: number) {
  return (
    image
      .resize({ width, withoutEnlargement: true })
      // One format for everything: every supported browser shows WebP, it keeps transparency
      // (JPEG cannot), and it is smaller than JPEG at the same quality.
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true })
  );
}

/**
 * The variants of an image already stored (made by an earlier version, or the demo seed's):
 * its bytes are ours, so they are only decoded and scaled, not checked again.
 */
export async function variantsOf(
  stored: Buffer,
): Promise<ImageSize & { variants: ImageVariant[] }> {
  const image = sharp(stored, { limitInputPixels: maxImagePixels });
  const { width = 0, height = 0 } = await image.metadata();
  return { width, height, variants: await variantsAt(image, width) };
}

/** The size of an image already stored, from its header. */
export async function storedImageSize(stored: Buffer): Promise<ImageSize> {
  const { width = 0, height = 0 } = await sharp(stored, { limitInputPixels: false }).metadata();
  return { width, height };
}

/** The variants narrower than `width`, each made from a clone of `image`. */
function variantsAt(image: Sharp, width: number): Promise<ImageVariant[]> {
  return Promise.all(
    imageVariantWidths
      .filter((variant) => variant < width)
      .map(async (variant) => {
        const { data, info } = await encode(image.clone(), variant);
        return { bytes: data, width: info.width, height: info.height };
      }),
  );
}

/** The image's header only: no pixels are decoded, so no pixel limit is needed yet. */
async function readHeader(input: Buffer): Promise<Metadata | undefined> {
  try {
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return undefined;
  }
}

/** sharp names AVIF after its container, HEIF, and tells it apart from HEIC by its codec. */
function decodesAs(type: AcceptedImageType, header: Metadata): boolean {
  if (type === 'avif') return header.format === 'heif' && header.compression === 'av1';
  return header.format === type;
}

function notAnImage(): AppError {
  return new AppError('bad_request', imageMessages.type);
}
