import { Download } from 'lucide-react';
import { useState } from 'react';
import type { AnalyticsSpan, AnalyticsTable } from '#shared/api/analytics';
import { errorMessage } from '#web/components/dialogs/alert';
import { toast } from '#web/components/toasts/toast';
import { buttonClass } from '#web/components/ui/button';
import { downloadAnalyticsCsv } from '#web/lib/api/analytics';

/** Saves a table of the overview, over the span shown, as a CSV file. */
export function CsvButton({
  days,
  table,
  what,
}: {
  days: AnalyticsSpan;
  table: AnalyticsTable;
  /** The table's name, for screen readers: "Download CSV of the top articles". */
  what: string;
}) {
  const [saving, setSaving] = useState(false);
  return (
    <button
      type="button"
      disabled={saving}
      onClick={() => {
        setSaving(true);
        downloadAnalyticsCsv(days, table)
          .catch((error: unknown) => toast.error(errorMessage(error)))
          .finally(() => setSaving(false));
      }}
      className={buttonClass({ size: 'sm', variant: 'secondary' })}
    >
      <Download aria-hidden className="size-3.5" />
      Download CSV<span className="sr-only"> of {what}</span>
    </button>
  );
}
