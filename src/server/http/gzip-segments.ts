import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/*
 * A text compressed once with gaps in it, whose gzip answers are made per request by putting a
 * few bytes in the gaps: each piece of the text between two gaps is raw deflate ended by a sync
 * flush (byte-aligned and not final), so the pieces and the gaps' stored blocks follow one
 * another as one deflate stream. The gzip trailer's CRC-32 is joined from each piece's own CRC
 * and the gaps' bytes (crc32Combine), so nothing already compressed is read again.
 *
 * Stored as one buffer: the number of pieces (u16), then for each its compressed length, text
 * length and CRC-32 (u32 each), then the pieces' compressed bytes one after another.
 */

/** The gzip header: deflate, no name or time, from a Unix system. */
const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** A final, empty stored block: the end of the deflate stream. */
const finalBlock = Buffer.from([1, 0, 0, 0xff, 0xff]);

/** `pieces` (the text between the gaps, in order) compressed, for `spliceGzip`. */
export function gzipSegments(pieces: readonly string[]): Buffer {
  const texts = pieces.map((piece) => Buffer.from(piece, 'utf8'));
  const deflated = texts.map((text) =>
    deflateRawSync(text, { finishFlush: constants.Z_SYNC_FLUSH }),
  );
  const head = Buffer.alloc(2 + 12 * texts.length);
  head.writeUInt16LE(texts.length, 0);
  texts.forEach((text, i) => {
    head.writeUInt32LE(deflated[i]!.length, 2 + 12 * i);
    head.writeUInt32LE(text.length, 6 + 12 * i);
    head.writeUInt32LE(crc32(text), 10 + 12 * i);
  });
  return Buffer.concat([head, ...deflated]);
}

/**
 * The gzip of the text `segments` was made from with `gaps[i]` between its pieces i and i + 1
 * (one fewer gap than pieces). Each gap goes in as a stored block: at most 65,535 bytes.
 */
export function spliceGzip(segments: Buffer, gaps: readonly string[]): Buffer {
  const count = segments.readUInt16LE(0);
  if (gaps.length !== count - 1) throw new Error(`${count - 1} gaps, not ${gaps.length}`);
  const parts: Buffer[] = [gzipHeader];
  let offset = 2 + 12 * count;
  let crc = 0;
  let length = 0;
  for (let i = 0; i < count; i += 1) {
    const size = segments.readUInt32LE(2 + 12 * i);
    const pieceLength = segments.readUInt32LE(6 + 12 * i);
    parts.push(segments.subarray(offset, offset + size));
    offset += size;
    crc = crc32Combine(crc, segments.readUInt32LE(10 + 12 * i), pieceLength);
    length += pieceLength;
    if (i < gaps.length) {
      const gap = Buffer.from(gaps[i]!, 'utf8');
      parts.push(storedBlock(gap));
      crc = crc32(gap, crc);
      length += gap.length;
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(finalBlock, trailer);
  return Buffer.concat(parts);
}

/** The text between the gaps, decompressed (for tests and checks; answers never need it). */
export function segmentTexts(segments: Buffer): string[] {
  const count = segments.readUInt16LE(0);
  let offset = 2 + 12 * count;
  return Array.from({ length: count }, (_, i) => {
    const size = segments.readUInt32LE(2 + 12 * i);
    const piece = segments.subarray(offset, offset + size);
    offset += size;
    return inflateRawSync(piece, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
  });
}

/** A non-final stored block holding `bytes`, after a byte-aligned piece. */
function storedBlock(bytes: Buffer): Buffer {
  if (bytes.length > 0xffff) throw new Error('A gap holds at most 65,535 bytes');
  const head = Buffer.from([0, 0, 0, 0, 0]);
  head.writeUInt16LE(bytes.length, 1);
  head.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([head, bytes]);
}

/*
 * CRC-32 of two texts joined, from each one's CRC and the second's length (zlib's
 * crc32_combine): the first CRC is carried over the second's length by multiplying it by
 * x^(8·length) modulo the CRC's polynomial, taken from x^(2^k) for each bit of the length.
 */
const polynomial = 0xedb88320;

/** a·b modulo the polynomial, both in the CRC's reflected bit order. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let bit = 0x80000000; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= b;
    b = b & 1 ? (b >>> 1) ^ polynomial : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, k from 0 to 31 (x^1 is 1 << 30 in reflected order). */
const powersOfX = (() => {
  const table = [0x40000000];
  for (let k = 1; k < 32; k += 1) table.push(multiplyModP(table[k - 1]!, table[k - 1]!));
  return table;
})();

/** x^(n·2^k) modulo the polynomial. */
function xPowerModP(n: number, k: number): number {
  let power = 0x80000000; // x^0
  for (; n > 0; n = Math.floor(n / 2), k += 1) {
    if (n % 2 === 1) power = multiplyModP(powersOfX[k % 32]!, power);
  }
  return power;
}

/** The CRC-32 of A followed by B, from A's CRC, B's CRC and B's length in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModP(xPowerModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}
