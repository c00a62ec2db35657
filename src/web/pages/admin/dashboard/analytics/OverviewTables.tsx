import { Link } from 'react-router';
import type {
  AnalyticsOverview,
  CountryViews,
  DeviceClass,
  DeviceViews,
  Funnel,
  TopArticle,
  TrafficSource,
} from '#shared/api/analytics';
import { paths } from '#shared/paths';
import { formatCount, formatDuration, formatPercent, formatRate } from '#web/lib/formatFigures';
import { FiguresTable, type Column } from './FiguresTable';

const kindNames: Record<TrafficSource['kind'], string> = {
  direct: 'Direct',
  search: 'Search',
  social: 'Social',
  newsletter: 'Newsletter',
  referrer: 'Other site',
};

const topArticleColumns: Column<TopArticle>[] = [
  {
    header: 'Article',
    cell: (row) => (
      <Link to={paths.article(String(row.articleId))} className="underline hover:text-accent">
        {row.title}
      </Link>
    ),
  },
  { header: 'Views', cell: (row) => formatCount(row.views), figure: true },
  {
    header: 'Average engaged time',
    cell: (row) => formatDuration(row.avgEngagedSeconds),
    figure: true,
  },
  { header: 'Scroll depth', cell: (row) => formatPercent(row.avgScrollDepth), figure: true },
];

/** The articles most viewed over the span, with how long and how far they were read. */
export function TopArticlesTable({ rows }: { rows: AnalyticsOverview['topArticles'] }) {
  return (
    <FiguresTable
      caption="Top articles"
      columns={topArticleColumns}
      rows={rows}
      rowKey={(row) => row.articleId}
      empty="No article was read in this period."
    />
  );
}

const sourceColumns: Column<TrafficSource>[] = [
  { header: 'Kind', cell: (row) => kindNames[row.kind] },
  { header: 'Source', cell: (row) => row.source },
  { header: 'Page views', cell: (row) => formatCount(row.pageViews), figure: true },
];

/** Where the span's page views came from. */
export function SourcesTable({ rows }: { rows: AnalyticsOverview['sources'] }) {
  return (
    <FiguresTable
      caption="Sources"
      columns={sourceColumns}
      rows={rows}
      rowKey={(row) => `${row.kind} ${row.source}`}
      empty="No page was viewed in this period."
    />
  );
}

const deviceNames: Record<DeviceClass, string> = {
  mobile: 'Mobile',
  tablet: 'Tablet',
  desktop: 'Desktop',
};

const deviceColumns: Column<DeviceViews>[] = [
  { header: 'Device', cell: (row) => deviceNames[row.device] },
  { header: 'Page views', cell: (row) => formatCount(row.pageViews), figure: true },
];

/** The span's page views by the kind of device read on. */
export function DevicesTable({ rows }: { rows: AnalyticsOverview['devices'] }) {
  return (
    <FiguresTable
      caption="Devices"
      columns={deviceColumns}
      rows={rows}
      rowKey={(row) => row.device}
      empty="No page was viewed in this period."
    />
  );
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

const countryColumns: Column<CountryViews>[] = [
  { header: 'Country', cell: (row) => regionNames.of(row.country) ?? row.country },
  { header: 'Code', cell: (row) => row.country },
  { header: 'Page views', cell: (row) => formatCount(row.pageViews), figure: true },
];

/** The span's page views by the reader's country (where the server has a country database). */
export function CountriesTable({ rows }: { rows: AnalyticsOverview['countries'] }) {
  return (
    <FiguresTable
      caption="Countries"
      columns={countryColumns}
      rows={rows}
      rowKey={(row) => row.country}
      empty="No page was viewed from a known country in this period."
    />
  );
}

/** A step of the funnel, and the share of the step before it that reached it (if any did). */
function step(count: number, before: number, beforeName: string) {
  return (
    <>
      {formatCount(count)}
      {before > 0 && (
        <span className="block text-xs whitespace-nowrap text-ink-muted">
          {formatRate(count, before)} of {beforeName}
        </span>
      )}
    </>
  );
}

/** The funnel's columns after the first, which names the article or publisher. */
const funnelSteps: Column<Funnel>[] = [
  { header: 'Views', cell: (row) => formatCount(row.views), figure: true },
  { header: 'Walls', cell: (row) => step(row.walls, row.views, 'views'), figure: true },
  { header: 'Checkouts', cell: (row) => step(row.checkouts, row.walls, 'walls'), figure: true },
  {
    header: 'Subscriptions',
    cell: (row) => step(row.subscriptions, row.checkouts, 'checkouts'),
    figure: true,
  },
  {
    header: 'Views to subscriptions',
    cell: (row) => formatRate(row.subscriptions, row.views),
    figure: true,
  },
];

type Named = Funnel & { key: string; name: string };

function FunnelTable({
  caption,
  first,
  rows,
  site,
  empty,
}: {
  caption: string;
  first: string;
  rows: Named[];
  site: Funnel;
  empty: string;
}) {
  return (
    <FiguresTable
      caption={caption}
      columns={[{ header: first, cell: (row: Named) => row.name }, ...funnelSteps]}
      rows={rows}
      rowKey={(row) => row.key}
      footer={{ ...site, key: 'site', name: 'Whole site' }}
      empty={empty}
    />
  );
}

/** Views, walls, checkouts and subscriptions of the articles that showed the most walls. */
export function ArticleFunnelTable({ funnel }: { funnel: AnalyticsOverview['funnel'] }) {
  return (
    <FunnelTable
      caption="Funnel by article"
      first="Article"
      rows={funnel.articles.map((row) => ({ ...row, key: String(row.articleId), name: row.title }))}
      site={funnel.site}
      empty="No paywall or registration wall was shown in this period."
    />
  );
}

/** The same funnel for each publisher's articles. */
export function PublisherFunnelTable({ funnel }: { funnel: AnalyticsOverview['funnel'] }) {
  return (
    <FunnelTable
      caption="Funnel by publisher"
      first="Publisher"
      rows={funnel.publishers.map((row) => ({
        ...row,
        key: String(row.publisherId),
        name: row.name,
      }))}
      site={funnel.site}
      empty="No article was read in this period."
    />
  );
}
