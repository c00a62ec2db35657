import { newsletterMessages } from '#shared/newsletter-messages';
import { paths } from '#shared/paths';
import { AuthCard } from '#web/components/AuthCard';
import { TokenActionForm } from '#web/components/newsletter/TokenActionForm';
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
        <TokenActionForm
          action={paths.newsletterConfirm(token)}
          explanation="One click confirms that you want Tribune’s newsletter at this address."
          label="Confirm my subscription"
          busyLabel="Confirming…"
          failure={failure}
          sending={sending}
          ready={Boolean(token)}
          onSubmit={submit}
        />
      )}
    </AuthCard>
  );
}
