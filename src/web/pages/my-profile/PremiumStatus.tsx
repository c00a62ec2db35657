import { clsx } from 'clsx';
import { Link } from 'react-router';
import type { UserRecord } from '#shared/accounts';
import { formatCents } from '#shared/plans';
import { buttonClass } from '#web/components/ui/button';
import { paths } from '#shared/paths';
import { ProfileSection } from './ProfileSection';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

/** Whether premium runs and until when, and every plan bought: the reader's receipts. */
export function PremiumStatus({ user }: { user: UserRecord }) {
  return (
    <ProfileSection id="premium" heading="Premium">
      <p>
        {user.isAdmin
          ? 'As an admin you read every premium article.'
          : user.isPremium && user.premiumUntil
            ? `Your premium access runs until ${when(user.premiumUntil)}.`
            : 'You do not have premium access.'}
      </p>
      {!user.isAdmin && (
        <Link to={paths.subscription} className={`${buttonClass({ variant: 'secondary' })} mt-4`}>
          {user.isPremium ? 'Add time' : 'Subscribe'}
        </Link>
      )}
      {user.subscriptionHistory.length > 0 && <SubscriptionHistory user={user} />}
    </ProfileSection>
  );
}

const columns = ['Bought', 'Price', 'Runs until', 'Transaction'] as const;

/**
 * Every plan bought, newest as the server lists them. Below the sm breakpoint each purchase is a
 * block of labelled lines (the column's name before each value) rather than a table to scroll
 * sideways; its cells change their CSS display there, so each element names its table role.
 */
function SubscriptionHistory({ user }: { user: UserRecord }) {
  return (
    <div className="mt-6 sm:overflow-x-auto">
      <table role="table" className="w-full text-left text-sm max-sm:block">
        <caption className="mb-2 text-left font-semibold max-sm:block">
          Subscription history
        </caption>
        <thead
          role="rowgroup"
          className="border-b border-ink text-xs tracking-wider text-ink-muted uppercase max-sm:sr-only"
        >
          <tr role="row">
            {columns.map((column) => (
              <th key={column} role="columnheader" scope="col" className="py-2 pr-4 last:pr-0">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-sm:block max-sm:border-t max-sm:border-ink">
          {user.subscriptionHistory.map((entry) => (
            <tr
              key={entry.transactionId}
              role="row"
              className="border-b border-rule max-sm:block max-sm:py-2"
            >
              {[
                when(entry.date),
                formatCents(Math.round(entry.price * 100)),
                when(entry.expiredDate),
                entry.transactionId,
              ].map((value, index) => (
                <td
                  key={columns[index]}
                  role="cell"
                  data-label={columns[index]}
                  className={clsx(
                    'py-2 pr-4 last:pr-0 max-sm:flex max-sm:gap-3 max-sm:py-0.5 max-sm:pr-0',
                    'max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:font-sans max-sm:before:text-sm max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]',
                    columns[index] === 'Transaction'
                      ? 'font-mono text-xs break-all'
                      : 'sm:whitespace-nowrap',
                  )}
                >
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
