import { clsx } from 'clsx';
import { Link } from 'react-router';
import { newsletterLinkMessages } from '#shared/newsletter-messages';
import { paths } from '#shared/paths';
import { AuthCard } from '#web/components/AuthCard';
import { FormError } from '#web/components/form/FormError';
import { buttonClass } from '#web/components/ui/button';
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
        <form
          method="post"
          action={paths.newsletterUnsubscribe(token)}
          onSubmit={(event) => void submit(event)}
          className="space-y-4"
        >
          <p className="text-sm text-ink-muted">
            Stop every Tribune newsletter to this address? You can subscribe again at any time.
          </p>
          {failure && <FormError message={failure} />}
          <button
            type="submit"
            disabled={sending || !token}
            className={clsx(buttonClass(), 'w-full')}
          >
            {sending ? 'Unsubscribing…' : 'Unsubscribe'}
          </button>
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
        </form>
      )}
    </AuthCard>
  );
}
