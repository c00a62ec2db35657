import { Link, useSearchParams } from 'react-router';
import { newsletterLinkMessages } from '#shared/newsletter-messages';
import { paths } from '#shared/paths';
import { AuthCard } from '#web/components/AuthCard';
import { FormError } from '#web/components/form/FormError';
import { LoadError } from '#web/components/LoadError';
import { NewsletterChoicesForm } from '#web/components/newsletter/NewsletterChoicesForm';
import { PageHead } from '#web/head/PageHead';
import { saveNewsletterChoices, useNewsletterPreferences } from '#web/lib/api/newsletter';
import { usePublishers } from '#web/lib/api/publishers';

/**
 * A subscriber's choices, reached from the foot of every newsletter by their own signed link
 * (`?token=`), without signing in: the daily digest and the publishers they follow. The server
 * renders it with the choices (ssr/pageLoaders.ts), and its form posts to it without script.
 */
export function NewsletterPreferencesPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preferences = useNewsletterPreferences(token);
  const publishers = usePublishers();
  const failed = preferences.error ?? publishers.error;

  return (
    <AuthCard title="Your newsletters">
      <PageHead title="Your newsletters" noindex />
      {!token ? (
        <FormError message={newsletterLinkMessages.badLink} />
      ) : preferences.data && publishers.data ? (
        <NewsletterChoicesForm
          preferences={preferences.data}
          publishers={publishers.data.map((p) => p.publisher)}
          save={(choices) => saveNewsletterChoices(token, choices)}
          action={paths.newsletterPreferences(token)}
        >
          <p className="text-center text-sm">
            <Link to={paths.newsletterUnsubscribe(token)} className="text-accent underline">
              Unsubscribe from everything
            </Link>
          </p>
        </NewsletterChoicesForm>
      ) : failed ? (
        <LoadError
          what="your newsletter choices"
          error={failed}
          retrying={preferences.isFetching || publishers.isFetching}
          onRetry={() => void Promise.all([preferences.refetch(), publishers.refetch()])}
        />
      ) : (
        <p role="status" className="text-center text-ink-muted">
          Loading your choices…
        </p>
      )}
    </AuthCard>
  );
}
