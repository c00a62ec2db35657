import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from '#web/components/toasts/toast';
import { setEmailNotices } from '#web/lib/api/users';
import { useAuth } from '#web/lib/auth/authContext';

/**
 * The notices by mail, on or off: editors' decisions on one's articles and the reminder before
 * premium runs out. Receipts and security mail (password resets) always go, as it says.
 */
export function NoticesSetting({ on }: { on: boolean }) {
  const id = useId();
  const { refresh } = useAuth();
  // The box shows the reader's choice at once, in the same render as the click: a controlled
  // checkbox whose value waits for the mutation's next render is reset by React in between, and
  // a second look (or a test) sees the click undone.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: setEmailNotices,
    onSuccess: async (record) => {
      await refresh().catch(() => null);
      toast.success(record.emailNotices ? 'Notices by email are on.' : 'Notices by email are off.');
    },
    onError: (error) => toast.error(error.message),
    onSettled: () => setWanted(null),
  });
  const checked = wanted ?? on;
  return (
    <div className="mt-6 border-t border-rule pt-6 text-left">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={save.isPending}
          onChange={(event) => {
            setWanted(event.target.checked);
            save.mutate(event.target.checked);
          }}
          aria-describedby={`${id}-note`}
          className="mt-1 size-5 accent-ink"
        />
        <label htmlFor={id} className="font-semibold">
          Email me when editors review my articles and before my premium access ends
        </label>
      </div>
      <p id={`${id}-note`} className="mt-1 ml-8 text-sm text-ink-muted">
        Receipts for payments and password reset links are always sent.
      </p>
    </div>
  );
}
