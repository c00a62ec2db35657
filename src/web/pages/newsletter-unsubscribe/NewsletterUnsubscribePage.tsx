import { Link } from 'react-router';
import { newsletterLinkMessages } from '#shared/newsletter-messages';
import { paths } from '#shared/paths';
import { AuthCard } from '#web/components/AuthCard';
import { TokenActionForm } from '#web/components/newsletter/TokenActionForm';
import { PageHead } from '#web/head/PageHead';
import { unsubscribeNewsletter } from '#web/lib/api/newsletter';
import { useTokenAction } from '#web/hooks/useTokenAction';

/**
 * "Unsubscribe" at the foot of every newsletter (`?token=`, the subscriber's own link). Opening
 * it changes nothing, as mail scanners open links; its one button unsubscribes, posted to the
 * server when the app's script is not running (page-forms.ts).
 */
export function NewsletterUnsubscribePage() {
  const { token, done, failure, sending, submit } = useTokenAction(
    unsubscribeNewsletter,
    newsletterLinkMessages.badLink,
  );

  return (
    <AuthCard title="Unsubscribe">
      <PageHead title="Unsubscribe" noindex />
      {done ? (
        <div className="space-y-3 text-center">
          <p role="status">{done}</p>
          <p className="text-sm text-ink-muted">
            Changed your mind?{' '}
            <Link
              to={paths.newsletterPreferences(token)}
              className="font-semibold text-accent underline"
            >
              Choose what you receive
            </Link>
          </p>
        </div>
      ) : (
        <TokenActionForm
          action={paths.newsletterUnsubscribe(token)}
          explanation="Stop every Tribune newsletter to this address? You can subscribe again at any time."
          label="Unsubscribe"
          busyLabel="Unsubscribing…"
          failure={failure}
          sending={sending}
          ready={Boolean(token)}
          onSubmit={submit}
        >
          {token && (
            <p className="text-center text-sm">
              <Link
                to={paths.newsletterPreferences(token)}
                className="font-semibold text-accent underline"
              >
                Choose what you receive instead
              </Link>
            </p>
          )}
        </TokenActionForm>
      )}
    </AuthCard>
  );
}
