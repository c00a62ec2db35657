import { randomInt } from 'node:crypto';
import type { MeterState } from '#shared/api/meter';
import type { MeterAllowances } from '#shared/rules/meter';
import { gzipSegments, spliceGzip } from '#server/http/gzip-segments';

/*
 * A premium article's open page: its whole text as the reading meter opens it for a guest
 * (decision 023), rendered once and stored beside the guests' shared page (the wall), with gaps
 * where each reader's numbers go. Two guests' open pages differ only there: the notice ("1 of 2
 * free premium articles left this month") and the meter in the page's state (`"used":1`,
 * `"remaining":1`); the allowances are the site's, and the stored page's build names them. Per
 * request only the reader's numbers are put in the gaps (gzip-segments.ts): no render, no
 * compression of the page.
 *
 * The template is rendered with numbers no page holds otherwise (random, nine digits, new for
 * each render), and cut where they stand. A render in which either is missing gives no template,
 * and its readers get a render of their own, as before.
 */

/** The meter's numbers that differ between guests, in the order a template's gaps name them. */
const gapFields = ['used', 'remaining'] as const;
type GapField = (typeof gapFields)[number];

/** The meter state a template is rendered with: its varying numbers stand out of any page. */
export function templateMeter(allowances: MeterAllowances): MeterState {
  const used = randomInt(100_000_000, 500_000_000);
  const remaining = randomInt(500_000_000, 999_999_999);
  return {
    used,
    allowance: allowances.guest,
    remaining,
    ...(allowances.registered > 0 && { registeredAllowance: allowances.registered }),
  };
}

/**
 * The stored template of a page rendered with `meter` (templateMeter): its text cut at each of
 * the numbers, which come first in a one-byte list of the gaps' fields; null when the page does
 * not hold both.
 */
export function openPageTemplate(html: string, meter: MeterState): Buffer | null {
  const numbers = new Map<string, GapField>(
    gapFields.map((field) => [String(meter[field]), field]),
  );
  const pieces: string[] = [];
  const fields: GapField[] = [];
  let from = 0;
  for (const match of html.matchAll(/(?<![0-9])[0-9]{9}(?![0-9])/g)) {
    const field = numbers.get(match[0]);
    if (!field) continue;
    pieces.push(html.slice(from, match.index));
    fields.push(field);
    from = match.index + match[0].length;
  }
  pieces.push(html.slice(from));
  if (fields.length > 255 || gapFields.some((field) => !fields.includes(field))) return null;
  const list = Buffer.from([fields.length, ...fields.map((field) => gapFields.indexOf(field))]);
  return Buffer.concat([list, gzipSegments(pieces)]);
}

/** The open page for a reader whose meter stands at `meter`, gzip-compressed. */
export function openPageFor(template: Buffer, meter: MeterState): Buffer {
  const count = template[0]!;
  const gaps = Array.from(template.subarray(1, 1 + count), (index) =>
    String(meter[gapFields[index]!]),
  );
  return spliceGzip(template.subarray(1 + count), gaps);
}
