import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, showAlert } from '#web/components/dialogs/alert';
import { toast } from '#web/components/toasts/toast';
import { buttonClass } from '#web/components/ui/button';
import { giftKeys, revokeAllGifts } from '#web/lib/api/gifts';

/**
 * The editors' stop for gift links (decision 024): revokes every live link at once, after a
 * confirmation, as when links have been posted where they should not be.
 */
export function GiftLinksSection() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function revokeAll() {
    const confirmed = await showAlert({
      icon: 'warning',
      title: 'Revoke all gift links?',
      text: 'Every gift link readers have shared stops opening its article now. This cannot be undone.',
      confirmText: 'Revoke all',
      cancelText: 'Cancel',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      const { revokedCount } = await revokeAllGifts();
      await queryClient.invalidateQueries({ queryKey: giftKeys.all });
      toast.success(`${revokedCount} gift ${revokedCount === 1 ? 'link' : 'links'} revoked`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="rounded-sm border border-rule bg-surface p-4">
      <h2 className="font-serif text-2xl font-bold">Gift links</h2>
      <p className="mt-2 text-ink-muted">
        Premium readers share premium articles as gift links, each open for 30 days.
      </p>
      <button
        type="button"
        disabled={busy}
        onClick={() => void revokeAll()}
        className={`${buttonClass({ variant: 'secondary' })} mt-4`}
      >
        Revoke all gift links
      </button>
    </section>
  );
}
