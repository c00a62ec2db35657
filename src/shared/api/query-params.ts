import { z } from 'zod';
import { parseTagList } from '../tags.js';

/** The largest page any list answers; a larger `limit` counts as this. */
export const maxPageSize = 50;
/** The last page number a list takes. */
export const maxPage = 1_000_000;

/** A yes-or-no query parameter: `true` or `false` (flagParam reads it so in the web app). */
export const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** An empty search box means no filter. */
export const optionalText = (max: number, description: string) =>
  z
    .string()
    .trim()
    .max(max)
    .describe(description)
    .optional()
    .transform((value) => (value ? value : undefined));

/** Comma-separated tags, as the reader typed them ("Sports, health"): lower case, each once. */
export function tagsParam(description: string) {
  return optionalText(200, description).transform((value) => {
    const list = value === undefined ? [] : parseTagList(value);
    return list.length ? list : undefined;
  });
}

/**
 * A list's `limit` and `page`: `defaultLimit` a page unless asked for another size (more than
 * maxPageSize counts as maxPageSize), from page 1 to `lastPage`.
 */
export function pageQuery(defaultLimit: number, lastPage = maxPage) {
  return z.object({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .describe(`Page size; more than ${maxPageSize} counts as ${maxPageSize}`)
      .default(defaultLimit)
      .transform((value) => Math.min(value, maxPageSize)),
    page: z.coerce.number().int().min(1).max(lastPage).describe('1-based').default(1),
  });
}
