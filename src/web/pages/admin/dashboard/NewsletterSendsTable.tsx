import type { NewsletterSendProgress } from '#shared/api/newsletter-ops';
import { formatDate } from '#web/lib/formatDate';

const count = (n: number) => n.toLocaleString('en-US');

/** What a send's state says to an editor. */
export function sendStatusText(send: NewsletterSendProgress): string {
  if (send.status === 'sending') return 'Sending';
  if (send.status === 'done') return 'Done';
  const complaints = `${count(send.complaints)} ${send.complaints === 1 ? 'complaint' : 'complaints'}`;
  return `Stopped: ${complaints}`;
}

/** The share of its recipients a send has handed to the mail server, as a whole percent. */
export function sentShare(send: NewsletterSendProgress): number {
  return send.recipients === 0 ? 100 : Math.floor((send.sent / send.recipients) * 100);
}

/** The sends of a page, newest first: each one's state and its deliveries by state. */
export function NewsletterSendsTable({ sends }: { sends: readonly NewsletterSendProgress[] }) {
  if (sends.length === 0) {
    return <p className="text-ink-muted">No newsletter has been sent yet.</p>;
  }
  return (
    // Scrolls sideways on a phone: a region the keyboard can reach and scroll.
    <div role="region" aria-label="Newsletter sends" tabIndex={0} className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Newsletter sends, newest first</caption>
        <thead className="border-b-2 border-ink">
          <tr>
            <th className="px-3 py-2">Newsletter</th>
            <th className="px-3 py-2">Status</th>
            <th className="px-3 py-2">Progress</th>
            <th className="px-3 py-2 text-right">Queued</th>
            <th className="px-3 py-2 text-right">Sent</th>
            <th className="px-3 py-2 text-right">Failed</th>
            <th className="px-3 py-2 text-right">Bounced</th>
          </tr>
        </thead>
        <tbody>
          {sends.map((send) => (
            <tr key={send.id} className="border-b border-rule">
              <th scope="row" className="px-3 py-3 text-left font-normal">
                <span className="font-semibold">{send.subject}</span>
                <span className="block text-ink-muted">
                  {send.kind === 'digest' ? 'Daily digest' : 'Article'},{' '}
                  {formatDate(send.createdAt)}
                </span>
              </th>
              <td
                className={
                  send.status === 'stopped' ? 'px-3 py-3 font-semibold text-accent' : 'px-3 py-3'
                }
              >
                {sendStatusText(send)}
              </td>
              <td className="px-3 py-3">
                <progress
                  className="w-24 align-middle"
                  max={100}
                  value={sentShare(send)}
                  aria-label={`${send.subject}: sent`}
                />{' '}
                {sentShare(send)}% of {count(send.recipients)}
              </td>
              <td className="px-3 py-3 text-right tabular-nums">{count(send.queued)}</td>
              <td className="px-3 py-3 text-right tabular-nums">{count(send.sent)}</td>
              <td className="px-3 py-3 text-right tabular-nums">{count(send.failed)}</td>
              <td className="px-3 py-3 text-right tabular-nums">{count(send.bounced)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
