/**
 * Reading values the same way from both engines: SQLite gives timestamps as ISO text and
 * booleans as 0/1; PostgreSQL gives Date objects and real booleans.
 */
export function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function toIsoOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : toIso(value);
}

export function toBool(value: boolean | number): boolean {
  return value === true || value === 1;
}
