import sharp from 'sharp';

/** Rasterises an SVG document to WebP. */
export function svgToWebp(svg: string, quality: number): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality }).toBuffer();
}

/** Numbers with one decimal keep the SVG short and its output stable. */
export function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}
