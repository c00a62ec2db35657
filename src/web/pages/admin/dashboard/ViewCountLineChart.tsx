import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { usePublisherViewCounts } from '../../../lib/api/admin';
import { ChartFigure } from './ChartFigure';
import { palette } from './palette';

/** How often each publisher's articles have been read. */
export function ViewCountLineChart() {
  const query = usePublisherViewCounts();
  const data = (query.data ?? []).map((row) => ({ publisher: row._id, views: row.totalViewCount }));

  return (
    <ChartFigure heading="Line Chart" query={query}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 24, left: 32 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="publisher" label={{ value: 'Publisher', position: 'bottom' }} />
          <YAxis
            allowDecimals={false}
            label={{
              value: 'View Count',
              angle: -90,
              position: 'insideLeft',
              style: { textAnchor: 'middle' },
            }}
          />
          <Tooltip />
          <Line type="monotone" dataKey="views" name="View Count" stroke={palette[1]} />
        </LineChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
