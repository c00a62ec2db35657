import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors';
import {
  animatedGif,
  avif,
  cameraJpeg,
  gifHtmlPolyglot,
  hasGps,
  html,
  jpegWithScript,
  pdf,
  pngBomb,
  script,
  sixMegabytes,
  svgWithScript,
  tiff,
  transparentPng,
  webp,
  wideJpeg,
} from '#server/test/image-fixtures';
import { imageMessages } from './limits.js';
import { processImage } from './process.js';

async function pixelAt(image: Buffer, left: number, top: number): Promise<number[]> {
  const { data } = await sharp(image)
    .extract({ left, top, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data];
}

function expectColour(actual: number[], expected: number[]) {
  actual.forEach((value, i) => expect(Math.abs(value - (expected[i] ?? 0))).toBeLessThan(40));
}

describe('processImage accepts', () => {
  it('a camera JPEG: turned upright, with no EXIF, GPS or other metadata left', async () => {
    const input = await cameraJpeg();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(hasGps(before.exif ?? Buffer.alloc(0))).toBe(true);

    const out = await processImage(input);
    const after = await sharp(out.bytes).metadata();
    expect(after.format).toBe('webp');
    expect([out.width, out.height, after.width, after.height]).toEqual([200, 300, 200, 300]);
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(out.bytes.includes('Tribune test camera')).toBe(false);
    // Turned clockwise: the left (red) half is now on top.
    expectColour(await pixelAt(out.bytes, 100, 40), [255, 0, 0]);
    expectColour(await pixelAt(out.bytes, 100, 260), [0, 0, 255]);
  });

  it('a PNG, keeping its transparency', async () => {
    const out = await processImage(await transparentPng());
    const meta = await sharp(out.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['webp', 64, 64, true]);
  });

  it('a WebP', async () => {
    const out = await processImage(await webp());
    expect([out.format, out.width, out.height]).toEqual(['webp', 120, 80]);
  });

  it('an AVIF', async () => {
    const out = await processImage(await avif());
    expect([out.format, out.width, out.height]).toEqual(['webp', 64, 48]);
  });

  it('an animated GIF as its first frame', async () => {
    const out = await processImage(await animatedGif());
    const meta = await sharp(out.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.pages]).toEqual(['webp', 40, 30, undefined]);
    expectColour(await pixelAt(out.bytes, 20, 15), [255, 0, 0]);
  });

  it('a 3000 px wide image, scaled down to 1600 px', async () => {
    const out = await processImage(await wideJpeg());
    expect([out.width, out.height]).toEqual([1600, 533]);
    expect((await sharp(out.bytes).metadata()).width).toBe(1600);
  });

  it('a JPEG with a script appended, which is dropped: only its pixels are encoded again', async () => {
    const input = await jpegWithScript();
    expect(input.includes(script)).toBe(true);
    const out = await processImage(input);
    expect(out.bytes.includes('<script')).toBe(false);
    expect([out.format, out.width, out.height]).toEqual(['webp', 32, 32]);
  });
});

describe('processImage refuses', () => {
  const refusals = [
    { name: 'an SVG with a script', make: svgWithScript, message: imageMessages.type },
    { name: 'an HTML page', make: html, message: imageMessages.type },
    { name: 'a PDF', make: pdf, message: imageMessages.type },
    { name: 'a GIF header followed by HTML', make: gifHtmlPolyglot, message: imageMessages.type },
    { name: 'a TIFF (an image, but not one we accept)', make: tiff, message: imageMessages.type },
    { name: 'a truncated JPEG', make: truncatedJpeg, message: imageMessages.type },
    { name: 'an empty file', make: () => Buffer.alloc(0), message: imageMessages.empty },
    { name: 'a 6 MB file', make: sixMegabytes, message: imageMessages.tooLarge, status: 413 },
    {
      name: 'a 20000×20000 PNG bomb',
      make: pngBomb,
      message: imageMessages.tooManyPixels,
      status: 413,
    },
  ];

  it.each(refusals)('$name', async ({ make, message, status = 400 }) => {
    const error = await processImage(await make()).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ message, status });
  });
});

async function truncatedJpeg(): Promise<Buffer> {
  const whole = await wideJpeg();
  return whole.subarray(0, whole.length / 2);
}
