import { clsx } from 'clsx';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { newsletterMessages } from '#shared/newsletter-messages';
import { paths } from '#shared/paths';
import { AuthCard } from '#web/components/AuthCard';
import { errorMessage } from '#web/components/dialogs/alert';
import { FormError } from '#web/components/form/FormError';
import { buttonClass } from '#web/components/ui/button';
import { PageHead } from '#web/head/PageHead';
import { confirmNewsletter } from '#web/lib/api/newsletter';
import { useFormOutcome } from '#web/lib/formOutcome';

/**
 * Where the newsletter's confirmation link lands (`?token=`). Opening the link confirms nothing:
 * mail scanners open links too. The reader's click does, posted to the server when the app's
 * script is not running (page-forms.ts).
 */
export function NewsletterConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const outcome = useFormOutcome();
  const [confirmed, setConfirmed] = useState(
    outcome?.kind === 'done' ? outcome.message : undefined,
  );
  const [failure, setFailure] = useState(
    outcome?.kind === 'refused'
      ? outcome.message
      : token
        ? undefined
        : newsletterMessages.badConfirmation,
  );
  const [sending, setSending] = useState(false);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    setSending(true);
    try {
      setConfirmed(await confirmNewsletter(token));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthCard title="Confirm your subscription">
      {/* The token is the page's secret: no canonical address, and never indexed. */}
      <PageHead title="Confirm your subscription" noindex />
      {confirmed ? (
        <p role="status" className="text-center">
          {confirmed}
        </p>
      ) : (
        <form
          method="post"
          action={paths.newsletterConfirm(token)}
          onSubmit={(event) => void confirm(event)}
          className="space-y-4"
        >
          <p className="text-sm text-ink-muted">
            One click confirms that you want Tribune’s newsletter at this address.
          </p>
          {failure && <FormError message={failure} />}
          <button
            type="submit"
            disabled={sending || !token}
            className={clsx(buttonClass(), 'w-full')}
          >
            {sending ? 'Confirming…' : 'Confirm my subscription'}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
