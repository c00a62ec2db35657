import { Link } from 'react-router';
import type { UserRecord } from '#shared/accounts';
import { formatCents } from '#shared/plans';
import { buttonClass } from '../../components/ui/button';
import { paths } from '#shared/paths';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

/** Whether premium runs and until when, and every plan bought: the reader's receipts. */
export function PremiumStatus({ user }: { user: UserRecord }) {
  return (
    <section
      aria-labelledby="premium-heading"
      className="mt-8 border border-rule bg-surface p-5 sm:p-8"
    >
      <h2 id="premium-heading" className="text-2xl font-bold">
        Premium
      </h2>
      <p className="mt-2">
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
      {user.subscriptionHistory.length > 0 && (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left font-semibold">Subscription history</caption>
            <thead className="border-b border-ink text-xs tracking-wider text-ink-muted uppercase">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Bought
                </th>
                <th scope="col" className="py-2 pr-4">
                  Price
                </th>
                <th scope="col" className="py-2 pr-4">
                  Runs until
                </th>
                <th scope="col" className="py-2">
                  Transaction
                </th>
              </tr>
            </thead>
            <tbody>
              {user.subscriptionHistory.map((entry) => (
                <tr key={entry.transactionId} className="border-b border-rule">
                  <td className="py-2 pr-4 whitespace-nowrap">{when(entry.date)}</td>
                  <td className="py-2 pr-4">{formatCents(Math.round(entry.price * 100))}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">{when(entry.expiredDate)}</td>
                  <td className="py-2 font-mono text-xs break-all">{entry.transactionId}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
