import { sql } from 'kysely';

/**
 * For a select list: the stored widths of the image in `column` (`article.image`, say), as an
 * HTML srcset (`url 400w, url 800w, …`, narrowest first), named `alias`, or null for an image
 * without recorded variants (one the backfill has not reached yet). One lookup on
 * image_variant's primary key per row, inside the row's own query.
 */
export function srcsetOf<Alias extends string = 'imageSrcset'>(
  column: string,
  alias: Alias = 'imageSrcset' as Alias,
) {
  return sql<
    string | null
  >`(select string_agg(v.url || ' ' || cast(v.width as text) || 'w', ', ' order by v.width) from image_variant v where v.image = ${sql.ref(column)})`.as(
    alias,
  );
}
