import { analyticsSpans, type AnalyticsSpan } from '#shared/api/analytics';
import { buttonClass } from '#web/components/ui/button';
import { spanName } from './span';

/** Today, 7, 30 or 90 days: one button each, the one shown pressed. */
export function SpanChoice({
  days,
  onChange,
}: {
  days: AnalyticsSpan;
  onChange: (days: AnalyticsSpan) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Period shown">
      {analyticsSpans.map((span) => (
        <button
          key={span}
          type="button"
          aria-pressed={span === days}
          onClick={() => onChange(span)}
          className={buttonClass({ size: 'sm', variant: span === days ? 'primary' : 'secondary' })}
        >
          {spanName(span)}
        </button>
      ))}
    </div>
  );
}
