import { Link } from 'react-router';
import type { MeterState } from '#shared/api/meter';
import { articleMessages } from '#shared/article-messages';
import { paths } from '#shared/paths';
import { buttonClass } from '#web/components/ui/button';
import { withOrigin } from '#web/lib/auth/origin';
import { PremiumBox, SubscribePrompt } from './ArticleUnavailable';
import { accountOfferText, meterLeftText } from './meterText';

/**
 * Where a premium article's text would continue for a reader without premium. With the reading
 * meter spent: how many are left (none), then, for a guest, a free account first (registering or
 * signing in leads back to this article), then the subscription. Without a meter: Subscribe.
 */
export function MeterWall({
  meter,
  articlePath,
}: {
  meter: MeterState | null;
  articlePath: string;
}) {
  if (!meter) return <SubscribePrompt message={articleMessages.premiumLocked} />;
  const offer = meter.registeredAllowance;
  return (
    <PremiumBox>
      <p className="mt-4 font-serif text-lg text-ink">{meterLeftText(meter)}</p>
      {offer ? (
        <>
          <p className="mt-2 font-serif text-lg text-ink-muted">{accountOfferText(offer)}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to={withOrigin(paths.register, articlePath)} className={buttonClass()}>
              Create a free account
            </Link>
            <Link
              to={withOrigin(paths.login, articlePath)}
              className={buttonClass({ variant: 'secondary' })}
            >
              Login
            </Link>
          </div>
          <p className="mt-8 text-sm text-ink-muted">
            Or subscribe to read every premium article.{' '}
            <Link to={paths.subscription} className="font-semibold text-accent underline">
              Subscribe
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="mt-2 font-serif text-lg text-ink-muted">{articleMessages.premiumLocked}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to={paths.subscription} className={buttonClass()}>
              Subscribe
            </Link>
          </div>
        </>
      )}
    </PremiumBox>
  );
}
