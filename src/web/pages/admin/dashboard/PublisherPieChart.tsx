import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { usePublisherArticleCounts } from '../../../lib/api/admin';
import { ChartFigure } from './ChartFigure';
import { palette } from './palette';

const percent = (value: number) => `${value.toFixed(1)}%`;

/** Each publisher's share of all articles, as a percentage. */
export function PublisherPieChart() {
  const query = usePublisherArticleCounts();
  const total = query.data?.reduce((sum, row) => sum + row.count, 0) ?? 0;
  const data = (query.data ?? []).map((row) => ({
    name: row._id,
    share: total ? (row.count / total) * 100 : 0,
  }));

  return (
    <ChartFigure heading="Pie Chart" query={query}>
      <ResponsiveContainer width="100%" height="100%">
        <PieChart title="Each publisher's share of all articles, in percent">
          {/*
           * recharts draws flat charts only. The spec's 3D pie is suggested by a darker copy of
           * the pie, drawn first and a few pixels lower, so the slices seem to have a side.
           */}
          <Pie
            data={data}
            dataKey="share"
            cy="52%"
            outerRadius="55%"
            fill="#00000033"
            stroke="none"
            isAnimationActive={false}
            legendType="none"
            tooltipType="none"
            // A picture only: no keyboard stop of its own beside the real pie's.
            rootTabIndex={-1}
          />
          <Pie
            data={data}
            dataKey="share"
            nameKey="name"
            outerRadius="55%"
            label={({ value }) => percent(Number(value))}
          >
            {data.map((row, index) => (
              <Cell key={row.name} fill={palette[index % palette.length]} />
            ))}
          </Pie>
          <Tooltip formatter={(value) => percent(Number(value))} />
          <Legend />
        </PieChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
