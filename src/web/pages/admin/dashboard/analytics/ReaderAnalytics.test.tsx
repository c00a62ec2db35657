import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsOverview, Funnel, ReaderRevenueMonth } from '#shared/api/analytics';
import {
  ArticleFunnelTable,
  CountriesTable,
  DevicesTable,
  PublisherFunnelTable,
  SourcesTable,
  TopArticlesTable,
} from './OverviewTables';
import { ReaderAnalytics } from './ReaderAnalytics';
import { spanOf, useSpanInUrl } from './span';
import { SpanChoice } from './SpanChoice';
import { Totals } from './Totals';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The span choice as the dashboard wires it, and the address it writes. */
function SpanInUrl() {
  const [days, setDays] = useSpanInUrl();
  const { search } = useLocation();
  return (
    <>
      <SpanChoice days={days} onChange={setDays} />
      <output aria-label="Address">{search}</output>
    </>
  );
}

function renderAt(address: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/admin/dashboard', element }], {
    initialEntries: [address],
  });
  render(<RouterProvider router={router} />);
}

const pressed = () =>
  within(screen.getByRole('group', { name: 'Period shown' }))
    .getAllByRole('button')
    .filter((button) => button.getAttribute('aria-pressed') === 'true')
    .map((button) => button.textContent);

/** The cells of the row headed by `name`, header cell first. */
const row = (name: string | RegExp) =>
  [...screen.getByRole('rowheader', { name }).closest('tr')!.children].map(
    (cell) => cell.textContent,
  );

const funnel = (
  views: number,
  walls: number,
  checkouts: number,
  subscriptions: number,
): Funnel => ({
  views,
  walls,
  checkouts,
  subscriptions,
});

describe('the period of the dashboard’s analytics', () => {
  it('is read from ?days=, 7 days unless 1, 30 or 90', () => {
    expect(spanOf(new URLSearchParams('days=30'))).toBe(30);
    expect(spanOf(new URLSearchParams('days=1'))).toBe(1);
    expect(spanOf(new URLSearchParams('days=14'))).toBe(7);
    expect(spanOf(new URLSearchParams('days=abc'))).toBe(7);
    expect(spanOf(new URLSearchParams(''))).toBe(7);
  });

  it('is chosen with its buttons and kept in the address', () => {
    renderAt('/admin/dashboard?days=90', <SpanInUrl />);
    expect(pressed()).toEqual(['90 days']);
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(pressed()).toEqual(['Today']);
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('?days=1');
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    expect(pressed()).toEqual(['7 days']);
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('');
  });
});

describe('the dashboard’s analytics tables', () => {
  it('show visitors and page views beside the period before', () => {
    render(
      <Totals
        days={30}
        totals={{ visitors: 1250, pageViews: 3000, previousVisitors: 1000, previousPageViews: 0 }}
      />,
    );
    const [visitors, views] = screen
      .getAllByRole('definition')
      .reduce<string[][]>((pairs, dd, index) => {
        (pairs[Math.floor(index / 2)] ??= []).push(dd.textContent ?? '');
        return pairs;
      }, []);
    expect(visitors).toEqual(['1,250', '+25% (the 30 days before: 1,000)']);
    expect(views).toEqual(['3,000', 'up from none (the 30 days before: 0)']);
  });

  it('show the top articles with their engaged time and scroll depth, linked to each', () => {
    renderAt(
      '/admin/dashboard',
      <TopArticlesTable
        rows={[
          {
            articleId: 7,
            title: 'Pier vote tonight',
            views: 1520,
            avgEngagedSeconds: 65.2,
            avgScrollDepth: 71.6,
          },
          {
            articleId: 9,
            title: 'Quiet harbour',
            views: 3,
            avgEngagedSeconds: null,
            avgScrollDepth: null,
          },
        ]}
      />,
    );
    expect(row('Pier vote tonight')).toEqual(['Pier vote tonight', '1,520', '1 min 05 s', '72%']);
    expect(row('Quiet harbour')).toEqual(['Quiet harbour', '3', '—', '—']);
    expect(screen.getByRole('link', { name: 'Pier vote tonight' }).getAttribute('href')).toBe(
      '/articles/7',
    );
    expect(screen.getByRole('columnheader', { name: 'Average engaged time' })).toBeTruthy();
  });

  it('show the sources by kind', () => {
    render(
      <SourcesTable
        rows={[
          { kind: 'search', source: 'www.google.com', pageViews: 1200 },
          { kind: 'referrer', source: 'news.example', pageViews: 40 },
        ]}
      />,
    );
    expect(row('Search')).toEqual(['Search', 'www.google.com', '1,200']);
    expect(row('Other site')).toEqual(['Other site', 'news.example', '40']);
  });

  it('show the devices by name, in a region named for them', () => {
    render(
      <DevicesTable
        rows={[
          { device: 'mobile', pageViews: 2400 },
          { device: 'desktop', pageViews: 900 },
          { device: 'tablet', pageViews: 12 },
        ]}
      />,
    );
    expect(row('Mobile')).toEqual(['Mobile', '2,400']);
    expect(row('Desktop')).toEqual(['Desktop', '900']);
    expect(row('Tablet')).toEqual(['Tablet', '12']);
    const table = within(screen.getByRole('region', { name: 'Devices' })).getByRole('table', {
      name: 'Devices',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Device', 'Page views']);
    cleanup();
    render(<DevicesTable rows={[]} />);
    expect(screen.getByText('No page was viewed in this period.')).toBeTruthy();
  });

  it('show the countries by name and code', () => {
    render(
      <CountriesTable
        rows={[
          { country: 'NZ', pageViews: 1500 },
          { country: 'FR', pageViews: 3 },
        ]}
      />,
    );
    expect(row('New Zealand')).toEqual(['New Zealand', 'NZ', '1,500']);
    expect(row('France')).toEqual(['France', 'FR', '3']);
  });

  it('show the funnel with each step’s rate of the one before, and the whole site’s', () => {
    const overviewFunnel: AnalyticsOverview['funnel'] = {
      site: funnel(2000, 400, 40, 10),
      articles: [{ articleId: 7, title: 'Pier vote tonight', ...funnel(800, 200, 20, 5) }],
      publishers: [{ publisherId: 2, name: 'Harbour Press', ...funnel(50, 0, 0, 0) }],
    };
    render(<ArticleFunnelTable funnel={overviewFunnel} />);
    expect(row('Pier vote tonight')).toEqual([
      'Pier vote tonight',
      '800',
      '20025.0% of views',
      '2010.0% of walls',
      '525.0% of checkouts',
      '0.6%',
    ]);
    expect(row('Whole site')).toEqual([
      'Whole site',
      '2,000',
      '40020.0% of views',
      '4010.0% of walls',
      '1025.0% of checkouts',
      '0.5%',
    ]);
    cleanup();
    render(<PublisherFunnelTable funnel={overviewFunnel} />);
    expect(row('Harbour Press')).toEqual([
      'Harbour Press',
      '50',
      '00.0% of views',
      '0',
      '0',
      '0.0%',
    ]);
  });

  it('say when there is nothing to show', () => {
    render(<TopArticlesTable rows={[]} />);
    expect(screen.getByText('No article was read in this period.')).toBeTruthy();
  });
});

describe('the dashboard’s analytics cards', () => {
  const overview: AnalyticsOverview = {
    days: 7,
    from: '2026-11-23',
    to: '2026-11-29',
    totals: { visitors: 10, pageViews: 30, previousVisitors: 0, previousPageViews: 0 },
    series: [],
    topArticles: [],
    sources: [],
    devices: [
      { device: 'mobile', pageViews: 20 },
      { device: 'desktop', pageViews: 10 },
    ],
    countries: [],
    funnel: { site: funnel(30, 0, 0, 0), articles: [], publishers: [] },
  };
  const month: ReaderRevenueMonth = {
    month: '2026-11',
    settings: { guestFree: 3, registeredFree: 6, giftsPerMonth: 5 },
    meteredReads: 0,
    walls: 0,
    registrationsAfterWall: 0,
    subscriptionsAfterWall: 0,
    giftsGiven: 0,
    giftsOpened: 0,
  };

  it('show the devices beside the others, and download them as CSV', async () => {
    const asked: { url: string; accept: string | null }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
      const accept = new Headers(init.headers).get('accept');
      asked.push({ url, accept });
      if (accept === 'text/csv') {
        return Promise.resolve(new Response('device,pageViews\r\nmobile,20\r\n'));
      }
      return Promise.resolve(
        Response.json(url.startsWith('/api/analytics/overview') ? overview : month),
      );
    });
    renderAt(
      '/admin/dashboard',
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <ReaderAnalytics />
      </QueryClientProvider>,
    );
    const devices = await screen.findByRole('region', { name: 'Devices' });
    expect(within(devices).getByRole('rowheader', { name: 'Mobile' })).toBeTruthy();
    expect(row('Desktop')).toEqual(['Desktop', '10']);
    // No country is known: that card is left out.
    expect(screen.queryByRole('heading', { name: 'Countries' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV of the devices' }));
    await waitFor(() =>
      expect(asked).toContainEqual({
        url: '/api/analytics/overview?days=7&table=devices',
        accept: 'text/csv',
      }),
    );
  });
});
