import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, gzipSegments, segmentTexts, spliceGzip } from './gzip-segments.js';

describe('a text compressed with gaps', () => {
  it('joins two CRC-32s as zlib hashes the two texts joined', () => {
    for (const [a, b] of [
      [0, 0],
      [0, 1],
      [5, 1],
      [1000, 70_000],
      [33, 1 << 20],
    ] as const) {
      const first = randomBytes(a);
      const second = randomBytes(b);
      expect(crc32Combine(crc32(first), crc32(second), b)).toBe(
        crc32(Buffer.concat([first, second])),
      );
    }
  });

  it('gunzips to the pieces with the gaps filled, whatever their lengths', () => {
    const pieces = ['<p>', ' of 12 left — é</p>'.repeat(300), '{"used":', '', '}'];
    const segments = gzipSegments(pieces);
    expect(segmentTexts(segments)).toEqual(pieces);
    for (const gaps of [
      ['1', '12', '', '0'],
      ['', '', '', ''],
      ['9'.repeat(70), 'ü', 'x'.repeat(65_535), '3'],
    ]) {
      const text = pieces.map((piece, i) => piece + (gaps[i] ?? '')).join('');
      expect(gunzipSync(spliceGzip(segments, gaps)).toString()).toBe(text);
    }
    expect(() => spliceGzip(segments, ['1'])).toThrow();
    expect(() => spliceGzip(segments, ['x'.repeat(65_536), '', '', ''])).toThrow();
  });
});
