/** The image types the pipeline accepts, named as sharp's metadata() names their decoders. */
export type AcceptedImageType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/**
 * Reads a file's type from its first bytes (its signature), never from its name or the
 * Content-Type the browser sent. Anything that does not open like an accepted image (SVG, HTML,
 * PDF, TIFF, text…) answers undefined and never reaches a decoder.
 */
export function detectImageType(bytes: Buffer): AcceptedImageType | undefined {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(bytes)) return 'avif';
  return undefined;
}

/** AVIF is an ISO media file whose first box, `ftyp`, lists the `avif` or `avis` brand. */
function isAvif(bytes: Buffer): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length);
  // The major brand (offset 8), then the compatible brands from offset 16; offset 12 is a version.
  for (let offset = 8; offset + 4 <= boxEnd; offset += offset === 8 ? 8 : 4) {
    const brand = ascii(bytes, offset, offset + 4);
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

function startsWith(bytes: Buffer, offset: number, signature: number[]): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.subarray(start, end).toString('latin1');
}
