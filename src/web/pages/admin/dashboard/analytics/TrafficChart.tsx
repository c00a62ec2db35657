import type { UseQueryResult } from '@tanstack/react-query';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsOverview, AnalyticsSpan, TrafficPoint } from '#shared/api/analytics';
import { formatCount } from '#web/lib/formatFigures';
import { ChartFigure } from '#web/pages/admin/dashboard/ChartFigure';
import { palette } from '#web/pages/admin/dashboard/palette';
import { CsvButton } from './CsvButton';

const series = [
  { key: 'visitors', name: 'Visitors', color: palette[1] },
  { key: 'pageViews', name: 'Page views', color: palette[0] },
] as const;

/** A point's hour ("14:00") on the day's chart, else its day ("11-28"). */
export const bucketName = (bucket: string) =>
  bucket.includes('T') ? `${bucket.slice(11, 13)}:00` : bucket.slice(5);

/** Visitors and page views an hour (today) or a day over the span, with the figures as a table. */
export function TrafficChart({
  days,
  query,
}: {
  days: AnalyticsSpan;
  query: UseQueryResult<AnalyticsOverview>;
}) {
  const points = query.data?.series ?? [];
  return (
    <ChartFigure
      heading="Visitors and page views"
      query={query}
      controls={
        <div className="mt-2">
          <CsvButton days={days} table="series" what="visitors and page views" />
        </div>
      }
      after={query.data && <SeriesTable points={points} hourly={days === 1} />}
    >
      <LineChart
        title="Visitors and page views"
        data={points}
        margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="bucket" tick={{ fontSize: 12 }} tickFormatter={bucketName} />
        <YAxis allowDecimals={false} width={48} tick={{ fontSize: 12 }} />
        <Tooltip labelFormatter={(bucket) => bucketName(String(bucket))} />
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

/** The chart's figures as a table, for screen readers and exact numbers. */
export function SeriesTable({ points, hourly }: { points: TrafficPoint[]; hourly: boolean }) {
  return (
    <details className="mt-4">
      <summary className="cursor-pointer text-sm font-semibold">
        Show the figures as a table
      </summary>
      <div className="mt-2">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">
            Visitors and page views {hourly ? 'an hour' : 'a day'}, newest first
          </caption>
          <thead className="border-b-2 border-ink">
            <tr>
              <th className="px-3 py-1">{hourly ? 'Hour' : 'Day'}</th>
              {series.map((s) => (
                <th key={s.key} className="px-3 py-1 text-right">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...points].reverse().map((point) => (
              <tr key={point.bucket} className="border-b border-rule">
                <th scope="row" className="px-3 py-1 font-normal">
                  {hourly ? bucketName(point.bucket) : point.bucket}
                </th>
                {series.map((s) => (
                  <td key={s.key} className="px-3 py-1 text-right tabular-nums">
                    {formatCount(point[s.key])}
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
