import type { ReactNode } from 'react';
import { useStatistics, type Statistics } from '#web/lib/api/statistics';
import { SectionHeading } from '#web/components/SectionHeading';
import { QueryResult } from '#web/components/QueryResult';
import { useCountUp } from './useCountUp';

const counters: { key: keyof Statistics; label: string }[] = [
  { key: 'totalUsers', label: 'Total Users' },
  { key: 'normalUsers', label: 'Normal Users' },
  { key: 'premiumUsers', label: 'Premium Users' },
];

const numberFormat = new Intl.NumberFormat('en-US');
const listClass =
  'grid divide-rule border-y border-rule sm:grid-cols-3 sm:divide-x max-sm:divide-y';

/** The home page's three reader counters, counting up to the server's numbers when seen. */
export function StatisticsSection() {
  return (
    <section aria-labelledby="statistics-heading">
      <SectionHeading id="statistics-heading" title="Statistics">
        The readers who keep Tribune's reporting going.
      </SectionHeading>
      <StatisticsContent />
    </section>
  );
}

function StatisticsContent() {
  return (
    <QueryResult query={useStatistics()} what="statistics" placeholder={<Counters />}>
      {(statistics) => <Counters statistics={statistics} />}
    </QueryResult>
  );
}

/**
 * The three counters; while the numbers load, grey bars in their place (hidden from screen
 * readers).
 */
function Counters({ statistics }: { statistics?: Statistics }) {
  return (
    <dl aria-hidden={statistics ? undefined : 'true'} className={listClass}>
      {counters.map(({ key, label }) =>
        statistics ? (
          <Counter key={key} label={label} value={statistics[key]} />
        ) : (
          <CounterFrame key={key} label={label}>
            <span className="inline-block h-12 w-24 rounded-sm bg-ink/10 motion-safe:animate-pulse" />
          </CounterFrame>
        ),
      )}
    </dl>
  );
}

function Counter({ label, value }: { label: string; value: number }) {
  const { ref, shown } = useCountUp<HTMLSpanElement>(value);
  return (
    <CounterFrame label={label}>
      {/* Screen readers get the final number once, not every step of the count. */}
      <span ref={ref} data-value={value}>
        <span aria-hidden="true">{numberFormat.format(shown)}</span>
        <span className="sr-only">{numberFormat.format(value)}</span>
      </span>
    </CounterFrame>
  );
}

function CounterFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse items-center gap-1 px-4 py-8 text-center">
      <dt className="text-xs font-semibold tracking-widest text-ink-muted uppercase">{label}</dt>
      <dd className="font-display text-5xl font-black tabular-nums sm:text-6xl">{children}</dd>
    </div>
  );
}
