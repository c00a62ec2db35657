import {
  CartesianGrid,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
  type XAxisTickContentProps,
} from 'recharts';
import { usePublisherViewCounts } from '#web/lib/api/admin';
import { categoryAxis, countAxis } from './axes';
import { ChartFigure } from './ChartFigure';
import { palette } from './palette';

const margin = { top: 8, right: 24, bottom: 24, left: 24 };
/**
 * Every publisher named under its point, slanted so the names fit beside each other (recharts
 * would otherwise leave out all but those with room: two of seven on a desktop, one on a phone),
 * and each on one line (its own wrapping piles them up).
 */
const publisherAxis = {
  ...categoryAxis('publisher', { value: 'Publisher', offset: 0 }),
  height: 104,
  tick: SlantedTick,
};

/** How often each publisher's articles have been read. */
export function ViewCountLineChart() {
  const query = usePublisherViewCounts();
  const data = (query.data ?? []).map((row) => ({ publisher: row._id, views: row.totalViewCount }));

  return (
    <ChartFigure heading="Line Chart" query={query}>
      <LineChart title="Views of each publisher's articles" data={data} margin={margin}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis {...publisherAxis} />
        <YAxis {...countAxis('View Count')} />
        <Tooltip />
        <Line type="monotone" dataKey="views" name="View Count" stroke={palette[1]} />
      </LineChart>
    </ChartFigure>
  );
}

/** Longer names end in an ellipsis under their tick; hovering it or its point shows it whole. */
const tickNameMax = 16;

/** A category's name under its tick, slanted up to the left, on one line. */
function SlantedTick({ x, y, payload }: XAxisTickContentProps) {
  const [left, top] = [Number(x), Number(y) + 4];
  const name = String(payload.value);
  return (
    <text
      x={left}
      y={top}
      textAnchor="end"
      fontSize={12}
      fill="currentColor"
      transform={`rotate(-45 ${left} ${top})`}
    >
      <title>{name}</title>
      {name.length > tickNameMax ? `${name.slice(0, tickNameMax - 1).trimEnd()}…` : name}
    </text>
  );
}
