import type { XAxisProps, YAxisProps } from 'recharts';

type AxisLabel = { value: string } & Record<string, unknown>;

/** The axis of categories a bar or line chart stands on: every category named under its tick. */
export function categoryAxis(dataKey: string, label: AxisLabel) {
  return { dataKey, interval: 0, label: { position: 'bottom', ...label } } satisfies XAxisProps;
}

/** The axis of counts beside a bar or line chart: whole numbers, named up its side. */
export function countAxis(name: string) {
  return {
    allowDecimals: false,
    tick: { fontSize: 12 },
    label: { value: name, angle: -90, position: 'insideLeft', style: { textAnchor: 'middle' } },
  } satisfies YAxisProps;
}
