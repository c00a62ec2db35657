import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures are right-aligned, in digits of one width. */
  figure?: boolean;
}

interface Props<Row> {
  /** Names the table for screen readers, and the region it scrolls in on a phone. */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** A last row summing up the others (the whole site's funnel). */
  footer?: Row;
  empty: string;
}

/** A table of the analytics figures; the first column heads each row. */
export function FiguresTable<Row>({ caption, columns, rows, rowKey, footer, empty }: Props<Row>) {
  if (rows.length === 0) return <p className="text-ink-muted">{empty}</p>;
  const cells = (row: Row) =>
    columns.map((column, index) =>
      index === 0 ? (
        <th key={column.header} scope="row" className="px-3 py-2 text-left font-normal">
          {column.cell(row)}
        </th>
      ) : (
        <td
          key={column.header}
          className={column.figure ? 'px-3 py-2 text-right tabular-nums' : 'px-3 py-2'}
        >
          {column.cell(row)}
        </td>
      ),
    );
  return (
    // Scrolls sideways on a phone: a region the keyboard can reach and scroll.
    <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b-2 border-ink">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={column.figure ? 'px-3 py-2 text-right' : 'px-3 py-2'}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-rule">
              {cells(row)}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot className="border-t-2 border-ink font-semibold">
            <tr>{cells(footer)}</tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
