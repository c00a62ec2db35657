import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useState } from 'react';
import type { NewsletterChoices } from '#shared/newsletter';
import { LoadError } from '#web/components/LoadError';
import { NewsletterChoicesForm } from '#web/components/newsletter/NewsletterChoicesForm';
import { toast } from '#web/components/toasts/toast';
import { buttonClass } from '#web/components/ui/button';
import {
  leaveMyNewsletter,
  newsletterReaderKeys,
  saveMyNewsletter,
  useMyNewsletter,
} from '#web/lib/api/newsletterReader';
import { usePublishers } from '#web/lib/api/publishers';
import { ProfileSection } from './ProfileSection';

/**
 * The newsletters to the account's address: whether it is subscribed, to what, and the same
 * choices as the mailed preferences page. Subscribing here confirms at once when the account's
 * address is verified; otherwise the confirmation link is mailed, as for anyone (the answer
 * says which).
 */
export function NewsletterSetting() {
  const queryClient = useQueryClient();
  const mine = useMyNewsletter();
  const publishers = usePublishers();
  // Leaving starts the form again from what the server then holds.
  const [generation, setGeneration] = useState(0);
  const refresh = () => queryClient.invalidateQueries({ queryKey: newsletterReaderKeys.mine });
  const leave = useMutation({
    mutationFn: leaveMyNewsletter,
    onSuccess: async (message) => {
      await refresh();
      setGeneration((n) => n + 1);
      toast.success(message);
    },
    onError: (error) => toast.error(error.message),
  });
  async function save(choices: NewsletterChoices) {
    const message = await saveMyNewsletter(choices);
    await refresh();
    return message;
  }
  const failed = mine.error ?? publishers.error;
  const receives = mine.data?.status === 'confirmed' || mine.data?.status === 'pending';

  return (
    <ProfileSection id="newsletter" heading="Newsletters">
      {mine.data && publishers.data ? (
        <NewsletterChoicesForm
          key={generation}
          preferences={mine.data}
          publishers={publishers.data.map((p) => p.publisher)}
          save={save}
          ownAddress
        >
          {receives && (
            <button
              type="button"
              disabled={leave.isPending}
              onClick={() => leave.mutate()}
              className={clsx(buttonClass({ variant: 'secondary' }), 'w-full')}
            >
              {leave.isPending ? 'Unsubscribing…' : 'Unsubscribe from everything'}
            </button>
          )}
        </NewsletterChoicesForm>
      ) : failed ? (
        <LoadError
          what="your newsletters"
          error={failed}
          retrying={mine.isFetching || publishers.isFetching}
          onRetry={() => void Promise.all([mine.refetch(), publishers.refetch()])}
        />
      ) : (
        <p role="status" className="text-ink-muted">
          Loading your newsletters…
        </p>
      )}
    </ProfileSection>
  );
}
