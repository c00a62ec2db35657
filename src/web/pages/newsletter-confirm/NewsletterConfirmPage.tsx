import { clsx } from 'clsx';
import { newsletterMessages } from '#shared/newsletter-messages';
import { paths } from '#shared/paths';
import { AuthCard } from '#web/components/AuthCard';
import { FormError } from '#web/components/form/FormError';
import { buttonClass } from '#web/components/ui/button';
import { PageHead } from '#web/head/PageHead';
import { confirmNewsletter } from '#web/lib/api/newsletter';
import { useTokenAction } from '#web/hooks/useTokenAction';

/**
 * Where the newsletter's confirmation link lands (`?token=`). Opening the link confirms nothing:
 * mail scanners open links too. The reader's click does, posted to the server when the app's
 * script is not running (page-forms.ts).
 */
export function NewsletterConfirmPage() {
  const { token, done, failure, sending, submit } = useTokenAction(
    confirmNewsletter,
    newsletterMessages.badConfirmation,
  );

  return (
    <AuthCard title="Confirm your subscription">
      {/* The token is the page's secret: no canonical address, and never indexed. */}
      <PageHead title="Confirm your subscription" noindex />
      {done ? (
        <p role="status" className="text-center">
          {done}
        </p>
      ) : (
        <form
          method="post"
          action={paths.newsletterConfirm(token)}
          onSubmit={(event) => void submit(event)}
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
