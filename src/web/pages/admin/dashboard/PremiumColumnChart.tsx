import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { usePremiumSplit } from '#web/lib/api/admin';
import { ChartFigure } from './ChartFigure';
import { palette } from './palette';

/** Premium articles against the rest. */
export function PremiumColumnChart() {
  const query = usePremiumSplit();
  const data = query.data
    ? [
        { kind: 'Premium', count: query.data.premium },
        { kind: 'Non-Premium', count: query.data.nonPremium },
      ]
    : [];

  return (
    <ChartFigure heading="Column chart" query={query}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          title="Premium articles against the rest"
          data={data}
          margin={{ top: 8, right: 8, bottom: 24, left: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" />
          {/* Both bars named however narrow the chart (a phone's leaves them 60 px each). */}
          <XAxis
            dataKey="kind"
            interval={0}
            tick={{ fontSize: 12 }}
            label={{ value: 'premium and non-premium articles', position: 'bottom', fontSize: 11 }}
          />
          <YAxis
            allowDecimals={false}
            width={48}
            tick={{ fontSize: 12 }}
            label={{
              value: 'Number of Articles',
              angle: -90,
              position: 'insideLeft',
              style: { textAnchor: 'middle' },
            }}
          />
          <Tooltip />
          <Bar dataKey="count" name="Articles" fill={palette[0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
