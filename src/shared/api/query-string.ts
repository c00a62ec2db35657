/*
 * The API's query strings, without zod: the reading pages build and read them in every
 * visitor's first script, which never loads zod (docs/PERFORMANCE.md). The schemas that check
 * them on the server (query-params.ts and the routes' query schemas) read what these write.
 */

/** A query parameter's value as the requests' types hold it. */
export type QueryValue = string | number | boolean | readonly string[] | null | undefined;

/**
 * The query string of `fields`, as the API's query schemas read it: texts trimmed, lists joined
 * with commas, flags as `true`/`false`; empty values (undefined, blank, an empty list) left out.
 */
export function queryString(fields: Record<string, QueryValue>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    const text =
      typeof value === 'string'
        ? value.trim()
        : Array.isArray(value)
          ? value.join(',')
          : String(value as number | boolean);
    if (text !== '') query.set(name, text);
  }
  return query.toString();
}

/** A yes-or-no parameter as the schemas' `flag` reads it: `true`, `false`, else none. */
export function flagParam(text: string | null): boolean | undefined {
  return text === 'true' ? true : text === 'false' ? false : undefined;
}
