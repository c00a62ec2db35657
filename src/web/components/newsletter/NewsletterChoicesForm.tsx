import { clsx } from 'clsx';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { NewsletterMine } from '#shared/api/newsletter-reader';
import type { NewsletterChoices } from '#shared/newsletter';
import { newsletterLinkMessages } from '#shared/newsletter-messages';
import { errorMessage } from '#web/components/dialogs/alert';
import { FormError } from '#web/components/form/FormError';
import { buttonClass } from '#web/components/ui/button';
import { useFormOutcome } from '#web/lib/formOutcome';
import { PublisherCheckboxes } from './PublisherCheckboxes';

interface Props {
  /** The address's state and choices (a subscriber's link's, or the account's). */
  preferences: NewsletterMine;
  /** Every publisher's name, to choose from. */
  publishers: string[];
  /** Saves the choices; the answer says what came of it. */
  save: (choices: NewsletterChoices) => Promise<string>;
  /** The signed-in reader's own: the page shows the account's address already. */
  ownAddress?: boolean;
  /** Where the form posts when the app's script is not running (page-forms.ts). */
  action?: string;
  /** What follows the button: the way to unsubscribe from everything. */
  children?: ReactNode;
}

const stateNotes: Partial<Record<NewsletterMine['status'], string>> = {
  none: 'This address receives no newsletter. Choose what you want, then subscribe.',
  pending: 'Confirm your subscription with the link we mailed you: until then nothing is sent.',
  unsubscribed: 'You are unsubscribed. Choose something and save to receive it again.',
  suppressed: newsletterLinkMessages.suppressed,
};

/**
 * The digest and the publishers, as checkboxes; saving nothing chosen unsubscribes. Posted
 * without the app's script, the server's answer comes as the page's form outcome.
 */
export function NewsletterChoicesForm({
  preferences,
  publishers,
  save,
  ownAddress,
  action,
  children,
}: Props) {
  const outcome = useFormOutcome();
  const [digest, setDigest] = useState(preferences.digest);
  const [chosen, setChosen] = useState(preferences.publishers);
  const [saved, setSaved] = useState(outcome?.kind === 'done' ? outcome.message : undefined);
  const [failure, setFailure] = useState(outcome?.kind === 'refused' ? outcome.message : undefined);
  const [saving, setSaving] = useState(false);
  const note = saved ? undefined : stateNotes[preferences.status];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(undefined);
    setFailure(undefined);
    setSaving(true);
    try {
      setSaved(await save({ digest, publishers: chosen }));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  const subscribing = preferences.status === 'none';
  return (
    <form
      method="post"
      action={action}
      onSubmit={(event) => void submit(event)}
      className="space-y-5"
    >
      <p className="text-sm text-ink-muted">
        Newsletters to{' '}
        {ownAddress ? (
          'your account’s address'
        ) : (
          <strong className="text-ink">{preferences.email}</strong>
        )}
      </p>
      {note && <p className="rounded-sm bg-ink/5 p-3 text-sm">{note}</p>}
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          name="digest"
          checked={digest}
          onChange={(event) => setDigest(event.target.checked)}
          className="mt-1 size-4 accent-accent"
        />
        <span>
          <span className="font-semibold">The daily digest</span>
          <span className="block text-sm text-ink-muted">
            The day’s new articles, each evening.
          </span>
        </span>
      </label>
      <fieldset>
        <legend className="font-semibold">Publishers</legend>
        <p className="text-sm text-ink-muted">Their new articles, as they are published.</p>
        <PublisherCheckboxes names={publishers} chosen={chosen} onChange={setChosen} />
      </fieldset>
      {failure && <FormError message={failure} />}
      {saved && (
        <p role="status" className="text-sm font-semibold">
          {saved}
        </p>
      )}
      <button type="submit" disabled={saving} className={clsx(buttonClass(), 'w-full')}>
        {saving ? 'Saving…' : subscribing ? 'Subscribe' : 'Save my choices'}
      </button>
      {children}
    </form>
  );
}
