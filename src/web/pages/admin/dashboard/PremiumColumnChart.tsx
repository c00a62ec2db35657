import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { usePremiumSplit } from '#web/lib/api/admin';
import { categoryAxis, countAxis } from './axes';
import { ChartFigure } from './ChartFigure';
import { palette } from './palette';

const margin = { top: 8, right: 8, bottom: 24, left: 8 };
/** Both bars named however narrow the chart (a phone's leaves them 60 px each). */
const kindAxis = {
  ...categoryAxis('kind', { value: 'premium and non-premium articles', fontSize: 11 }),
  tick: { fontSize: 12 },
};

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
      <BarChart title="Premium articles against the rest" data={data} margin={margin}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis {...kindAxis} />
        <YAxis {...countAxis('Number of Articles')} width={48} />
        <Tooltip />
        <Bar dataKey="count" name="Articles" fill={palette[0]} />
      </BarChart>
    </ChartFigure>
  );
}
