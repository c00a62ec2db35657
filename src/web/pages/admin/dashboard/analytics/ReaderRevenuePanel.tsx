import type { ReaderRevenueMonth } from '#shared/api/analytics';
import { QueryResult } from '#web/components/QueryResult';
import { useReaderRevenueMonth } from '#web/lib/api/analytics';
import { formatCount } from '#web/lib/formatFigures';

const monthFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-11" as "November 2026". */
export const monthName = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

/** The reading meter's and gift links' settings, and what they did this month. */
export function ReaderRevenuePanel() {
  const query = useReaderRevenueMonth();
  return (
    <section className="min-w-0 rounded-sm border border-rule bg-surface p-4 xl:col-span-2">
      <h2 className="font-serif text-2xl font-bold">Reader revenue this month</h2>
      <div className="mt-4">
        <QueryResult
          query={query}
          what="reader revenue figures"
          placeholder={<div aria-hidden className="h-32 animate-pulse bg-rule/40" />}
        >
          {(month) => <MonthFigures month={month} />}
        </QueryResult>
      </div>
    </section>
  );
}

export function MonthFigures({ month }: { month: ReaderRevenueMonth }) {
  const { settings } = month;
  const figures = [
    ['Metered reads', month.meteredReads],
    ['Walls shown', month.walls],
    ['Registrations after a wall', month.registrationsAfterWall],
    ['Subscriptions after a wall', month.subscriptionsAfterWall],
    ['Gift links given', month.giftsGiven],
    ['Gift links opened', month.giftsOpened],
  ] as const;
  return (
    <>
      <p className="text-sm text-ink-muted">
        {monthName(month.month)}. Free premium articles a month: {settings.guestFree} for a guest,{' '}
        {settings.registeredFree} with a free account; {settings.giftsPerMonth} gift links a month
        for each subscriber.
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
        {figures.map(([name, value]) => (
          <div key={name} className="border-l-4 border-ink pl-3">
            <dt className="text-sm font-semibold">{name}</dt>
            <dd className="font-serif text-2xl font-bold tabular-nums">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
