import { useAnalyticsOverview } from '#web/lib/api/analytics';
import { CsvButton } from './CsvButton';
import { OverviewCard } from './OverviewCard';
import {
  ArticleFunnelTable,
  CountriesTable,
  DevicesTable,
  PublisherFunnelTable,
  SourcesTable,
  TopArticlesTable,
} from './OverviewTables';
import { ReaderRevenuePanel } from './ReaderRevenuePanel';
import { useSpanInUrl, spanName } from './span';
import { SpanChoice } from './SpanChoice';
import { Totals } from './Totals';
import { TrafficChart } from './TrafficChart';

/**
 * The editor's view of the paper's own analytics (the page beacon's events, and the walls,
 * checkouts and subscriptions the server records): a span chosen in the address, the readers
 * over it beside the span before, the top articles, sources, devices, countries (where known)
 * and funnel, each table downloadable as CSV; then the reader-revenue month. Cards of the
 * dashboard's grid.
 */
export function ReaderAnalytics() {
  const [days, setDays] = useSpanInUrl();
  const query = useAnalyticsOverview(days);
  const overview = query.data;

  return (
    <>
      <section className="min-w-0 rounded-sm border border-rule bg-surface p-4 xl:col-span-2">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="font-serif text-2xl font-bold">Readers</h2>
          <SpanChoice days={days} onChange={setDays} />
        </div>
        {overview && (
          <>
            <p className="mt-1 text-sm text-ink-muted">
              {overview.from === overview.to
                ? `${spanName(days)}, ${overview.from}`
                : `${spanName(days)}: ${overview.from} to ${overview.to}`}
            </p>
            <div className="mt-4">
              <Totals days={days} totals={overview.totals} />
            </div>
          </>
        )}
      </section>
      <TrafficChart days={days} query={query} />
      <OverviewCard
        heading="Top articles"
        query={query}
        download={<CsvButton days={days} table="topArticles" what="the top articles" />}
      >
        {(data) => <TopArticlesTable rows={data.topArticles} />}
      </OverviewCard>
      <OverviewCard
        heading="Sources"
        query={query}
        download={<CsvButton days={days} table="sources" what="the sources" />}
      >
        {(data) => <SourcesTable rows={data.sources} />}
      </OverviewCard>
      <OverviewCard
        heading="Devices"
        query={query}
        download={<CsvButton days={days} table="devices" what="the devices" />}
      >
        {(data) => <DevicesTable rows={data.devices} />}
      </OverviewCard>
      {/* Only where the server places readers by country (GEOIP_DATABASE). */}
      {overview && overview.countries.length > 0 && (
        <OverviewCard
          heading="Countries"
          query={query}
          download={<CsvButton days={days} table="countries" what="the countries" />}
        >
          {(data) => <CountriesTable rows={data.countries} />}
        </OverviewCard>
      )}
      <OverviewCard
        heading="Funnel by article"
        query={query}
        wide
        download={<CsvButton days={days} table="funnelArticles" what="the funnel by article" />}
      >
        {(data) => <ArticleFunnelTable funnel={data.funnel} />}
      </OverviewCard>
      <OverviewCard
        heading="Funnel by publisher"
        query={query}
        wide
        download={<CsvButton days={days} table="funnelPublishers" what="the funnel by publisher" />}
      >
        {(data) => <PublisherFunnelTable funnel={data.funnel} />}
      </OverviewCard>
      <ReaderRevenuePanel />
    </>
  );
}
