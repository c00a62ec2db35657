import { errorMessage, showAlert } from '#web/components/dialogs/alert';
import { toast } from '#web/components/toasts/toast';
import { newsletterRecipients, sendArticleNewsletter } from '#web/lib/api/newsletter';

const readers = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'reader' : 'readers'}`;

/**
 * "Send as newsletter": how many it will go to, asked to confirm, then sent (once an article;
 * the server refuses a second send and says so).
 */
export async function sendAsNewsletter(article: { _id: string; name: string }): Promise<void> {
  let recipients: number;
  try {
    recipients = await newsletterRecipients(article._id);
  } catch (error) {
    toast.error(errorMessage(error));
    return;
  }
  const confirmed = await showAlert({
    icon: 'question',
    title: 'Send as newsletter?',
    text:
      recipients === 0
        ? `No confirmed subscriber reads “${article.name}”'s news yet: nobody would receive it.`
        : `“${article.name}” goes now to ${readers(recipients)}: the daily digest's subscribers and its publisher's followers. It can be sent only once.`,
    confirmText: 'Send it',
    cancelText: 'Cancel',
  });
  if (!confirmed) return;
  try {
    const send = await sendArticleNewsletter(article._id);
    toast.success(`Newsletter on its way to ${readers(send.recipients)}`);
  } catch (error) {
    toast.error(errorMessage(error));
  }
}
