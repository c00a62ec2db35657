import { Cell, Legend, Pie, PieChart, Tooltip } from 'recharts';
import { usePublisherArticleCounts } from '#web/lib/api/admin';
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
      <PieChart title="Each publisher's share of all articles, in percent">
        {/*
         * recharts draws flat charts only. The spec's 3D pie is suggested by a darker copy of
         * the pie, drawn first and a few pixels lower, so the slices seem to have a side.
         */}
        <Pie
          data={data}
          dataKey="share"
          // The chart's arrow keys step through this first pie's slices: named like the real
          // pie's, so the tooltip they open says which publisher and what share.
          nameKey="name"
          cy="52%"
          outerRadius="55%"
          fill="#00000033"
          stroke="none"
          isAnimationActive={false}
          legendType="none"
          // No keyboard stop of its own beside the chart's.
          rootTabIndex={-1}
        />
        <Pie
          data={data}
          dataKey="share"
          nameKey="name"
          outerRadius="55%"
          // Nor this one: the chart is the stop, named by its title.
          rootTabIndex={-1}
          label={({ value }) => percent(Number(value))}
        >
          {data.map((row, index) => (
            <Cell key={row.name} fill={palette[index % palette.length]} />
          ))}
        </Pie>
        {/* In ink: a slice's own colour (or the copy's grey, from the keyboard) reads faintly. */}
        <Tooltip
          formatter={(value) => percent(Number(value))}
          itemStyle={{ color: 'var(--color-ink)' }}
        />
        <Legend />
      </PieChart>
    </ChartFigure>
  );
}
