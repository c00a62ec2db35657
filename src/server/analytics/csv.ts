import { stringify } from 'csv-stringify/sync';
import type { AnalyticsOverview, AnalyticsTable } from '#shared/api/analytics';

/** Each table's columns: the header's names and how a row gives them. */
const tables: { [T in AnalyticsTable]: [string, (row: RowOf<T>) => unknown][] } = {
  series: [
    ['bucket', (row) => row.bucket],
    ['visitors', (row) => row.visitors],
    ['pageViews', (row) => row.pageViews],
  ],
  topArticles: [
    ['articleId', (row) => row.articleId],
    ['title', (row) => row.title],
    ['views', (row) => row.views],
    ['avgEngagedSeconds', (row) => row.avgEngagedSeconds],
    ['avgScrollDepth', (row) => row.avgScrollDepth],
  ],
  sources: [
    ['kind', (row) => row.kind],
    ['source', (row) => row.source],
    ['pageViews', (row) => row.pageViews],
  ],
  funnelArticles: [
    ['articleId', (row) => row.articleId],
    ['title', (row) => row.title],
    ['views', (row) => row.views],
    ['walls', (row) => row.walls],
    ['checkouts', (row) => row.checkouts],
    ['subscriptions', (row) => row.subscriptions],
  ],
  funnelPublishers: [
    ['publisherId', (row) => row.publisherId],
    ['name', (row) => row.name],
    ['views', (row) => row.views],
    ['walls', (row) => row.walls],
    ['checkouts', (row) => row.checkouts],
    ['subscriptions', (row) => row.subscriptions],
  ],
  devices: [
    ['device', (row) => row.device],
    ['pageViews', (row) => row.pageViews],
  ],
  countries: [
    ['country', (row) => row.country],
    ['pageViews', (row) => row.pageViews],
  ],
};

interface Rows {
  series: AnalyticsOverview['series'][number];
  topArticles: AnalyticsOverview['topArticles'][number];
  sources: AnalyticsOverview['sources'][number];
  funnelArticles: AnalyticsOverview['funnel']['articles'][number];
  funnelPublishers: AnalyticsOverview['funnel']['publishers'][number];
  devices: AnalyticsOverview['devices'][number];
  countries: AnalyticsOverview['countries'][number];
}
type RowOf<T extends AnalyticsTable> = Rows[T];

function rowsOf<T extends AnalyticsTable>(overview: AnalyticsOverview, table: T): RowOf<T>[] {
  const all: { [K in AnalyticsTable]: RowOf<K>[] } = {
    series: overview.series,
    topArticles: overview.topArticles,
    sources: overview.sources,
    funnelArticles: overview.funnel.articles,
    funnelPublishers: overview.funnel.publishers,
    devices: overview.devices,
    countries: overview.countries,
  };
  return all[table];
}

/**
 * One table of the overview as CSV (RFC 4180: a header row, fields quoted where they hold a
 * comma, quote or line break). A cell that a spreadsheet would run as a formula (a title that
 * begins with `=`, `+`, `-` or `@`) is quoted behind an apostrophe.
 */
export function overviewCsv(overview: AnalyticsOverview, table: AnalyticsTable): string {
  const columns = tables[table] as [string, (row: unknown) => unknown][];
  return stringify(
    rowsOf(overview, table).map((row) =>
      columns.map(([, value]) => {
        const cell = value(row);
        return typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
      }),
    ),
    {
      header: true,
      columns: columns.map(([name]) => name),
      record_delimiter: 'windows',
      // A line break of either kind inside a field is quoted, not only the records' own.
      quoted_match: /[\r\n]/,
    },
  );
}

/** The file name a download of the table is saved under. */
export function csvFileName(overview: AnalyticsOverview, table: AnalyticsTable): string {
  return `tribune-${table}-${overview.from}-to-${overview.to}.csv`;
}
