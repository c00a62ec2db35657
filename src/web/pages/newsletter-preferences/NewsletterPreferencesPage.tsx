import { useSearchParams } from 'react-router';
import { newsletterLinkMessages } from '#shared/newsletter-messages';
import { AuthCard } from '#web/components/AuthCard';
import { FormError } from '#web/components/form/FormError';
import { LoadError } from '#web/components/LoadError';
import { PageHead } from '#web/head/PageHead';
import { useNewsletterPreferences } from '#web/lib/api/newsletter';
import { usePublishers } from '#web/lib/api/publishers';
import { NewsletterChoicesForm } from './NewsletterChoicesForm';

/**
 * A subscriber's choices, reached from the foot of every newsletter by their own signed link
 * (`?token=`), without signing in: the daily digest and the publishers they follow.
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
          token={token}
          preferences={preferences.data}
          publishers={publishers.data.map((p) => p.publisher)}
        />
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
