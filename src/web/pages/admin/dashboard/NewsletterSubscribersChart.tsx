import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { newsletterStatsSpans, type NewsletterStats } from '#shared/api/newsletter-ops';
import { buttonClass } from '#web/components/ui/button';
import { useNewsletterStats } from '#web/lib/api/newsletterOps';
import { ChartFigure } from './ChartFigure';
import { palette } from './palette';

const series = [
  { key: 'confirmed', name: 'Confirmed', color: palette[2] },
  { key: 'unsubscribed', name: 'Unsubscribed', color: palette[1] },
  { key: 'suppressed', name: 'Suppressed', color: palette[0] },
] as const;

const count = (n: number) => n.toLocaleString('en-US');

/** Subscribers confirmed, unsubscribed and suppressed a day (UTC), over 30 or 90 days. */
export function NewsletterSubscribersChart() {
  const [days, setDays] = useState<number>(newsletterStatsSpans[0]);
  const query = useNewsletterStats(days);
  const stats = query.data;

  return (
    <ChartFigure
      heading="Newsletter subscribers"
      query={query}
      controls={
        <div
          className="mt-2 flex flex-wrap items-center gap-2"
          role="group"
          aria-label="Days shown"
        >
          {newsletterStatsSpans.map((span) => (
            <button
              key={span}
              type="button"
              aria-pressed={span === days}
              onClick={() => setDays(span)}
              className={buttonClass({
                size: 'sm',
                variant: span === days ? 'primary' : 'secondary',
              })}
            >
              Last {span} days
            </button>
          ))}
          {stats && <Totals totals={stats.totals} />}
        </div>
      }
      after={stats && <DaysTable days={stats.days} />}
    >
      <LineChart
        title="Newsletter subscribers a day"
        data={stats?.days ?? []}
        margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          dataKey="day"
          tick={{ fontSize: 12 }}
          tickFormatter={(day: string) => day.slice(5)}
        />
        <YAxis allowDecimals={false} width={40} tick={{ fontSize: 12 }} />
        <Tooltip />
        <Legend />
        {series.map((s) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.name}
            stroke={s.color}
            dot={false}
          />
        ))}
      </LineChart>
    </ChartFigure>
  );
}

function Totals({ totals }: { totals: NewsletterStats['totals'] }) {
  return (
    <p className="text-sm text-ink-muted sm:ml-auto">
      Now: {count(totals.confirmed)} confirmed, {count(totals.pending)} pending,{' '}
      {count(totals.unsubscribed)} unsubscribed, {count(totals.suppressed)} suppressed
    </p>
  );
}

/** The chart's figures as a table, for screen readers and exact numbers. */
function DaysTable({ days }: { days: NewsletterStats['days'] }) {
  return (
    <details className="mt-4">
      <summary className="cursor-pointer text-sm font-semibold">
        Show the figures as a table
      </summary>
      <div className="mt-2">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Newsletter subscribers a day, newest first (UTC)</caption>
          <thead className="border-b-2 border-ink">
            <tr>
              <th className="px-3 py-1">Day</th>
              {series.map((s) => (
                <th key={s.key} className="px-3 py-1 text-right">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.day} className="border-b border-rule">
                <th scope="row" className="px-3 py-1 font-normal">
                  {day.day}
                </th>
                {series.map((s) => (
                  <td key={s.key} className="px-3 py-1 text-right tabular-nums">
                    {count(day[s.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
