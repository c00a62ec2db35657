import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import sharp from 'sharp';

/** Test images made with sharp, and files that only pretend to be images. */

const red = { r: 255, g: 0, b: 0 };
const blue = { r: 0, g: 0, b: 255 };

/** 300×200, red left half and blue right half, EXIF orientation 6 (turn 90° clockwise) and GPS. */
export function cameraJpeg(): Promise<Buffer> {
  const width = 300;
  const height = 200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const colour = i % width < width / 2 ? red : blue;
    pixels.set([colour.r, colour.g, colour.b], i * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Tribune test camera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();
}

/** Whether EXIF data holds a GPS section (the GPSInfo tag, 0x8825, in either byte order). */
export function hasGps(exif: Buffer): boolean {
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

function solid(width: number, height: number, channels: 3 | 4 = 3) {
  const background = channels === 4 ? { r: 0, g: 128, b: 0, alpha: 0.5 } : { r: 0, g: 128, b: 0 };
  return sharp({ create: { width, height, channels, background } });
}

export const transparentPng = () => solid(64, 64, 4).png().toBuffer();
export const webp = () => solid(120, 80).webp().toBuffer();
export const avif = () => solid(64, 48).avif().toBuffer();
export const tiff = () => solid(64, 48).tiff().toBuffer();

/** A 3000 px wide photo-like JPEG. */
export function wideJpeg(): Promise<Buffer> {
  const create = { width: 3000, height: 1000, channels: 3 as const, background: blue };
  return sharp({ create: { ...create, noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg()
    .toBuffer();
}

/** Two 40×30 frames: red, then blue. */
export function animatedGif(): Promise<Buffer> {
  const frame = 40 * 30;
  const pixels = Buffer.alloc(frame * 2 * 3);
  for (let i = 0; i < frame * 2; i++) pixels[i * 3 + (i < frame ? 0 : 2)] = 255;
  return sharp(pixels, { raw: { width: 40, height: 60, channels: 3, pageHeight: 30 } })
    .gif()
    .toBuffer();
}

/** A 48 KB PNG that declares 20000×20000 pixels (400 megapixels, about 1.6 GB decoded). */
export function pngBomb(): Buffer {
  const side = 20_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // one bit per pixel, greyscale: each row is a filter byte and side/8 bytes
  const rows = Buffer.alloc(side * (1 + side / 8));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

export const script = '<script>alert(document.cookie)</script>';

export const svgWithScript = () =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${script}<rect width="10" height="10"/></svg>`,
  );
export const html = () => Buffer.from(`<!doctype html><html><body>${script}</body></html>`);
export const pdf = () =>
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** Opens like a GIF, goes on as HTML: no GIF decoder can read it. */
export const gifHtmlPolyglot = () => Buffer.from(`GIF89a<html><body>${script}</body></html>`);
/** A valid JPEG with HTML appended after its end: decoders read the JPEG and ignore the rest. */
export const jpegWithScript = async () =>
  Buffer.concat([await solid(32, 32).jpeg().toBuffer(), Buffer.from(script)]);
export const sixMegabytes = () => randomBytes(6 * 1024 * 1024);

export interface FilePart {
  field?: string;
  bytes: Buffer;
  filename: string;
  type: string;
}

/** A multipart/form-data body as a browser sends it, for app.inject. */
export async function multipartBody(
  files: FilePart[],
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    const blob = new Blob([new Uint8Array(file.bytes)], { type: file.type });
    form.append(file.field ?? 'image', blob, file.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** The same body as a stream, so that no Content-Length announces its size. */
export function unannounced(payload: Buffer): Readable {
  return Readable.from([payload]);
}
