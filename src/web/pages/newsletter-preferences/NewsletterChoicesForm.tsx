import { clsx } from 'clsx';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { type NewsletterPreferences } from '#shared/newsletter';
import { newsletterLinkMessages } from '#shared/newsletter-messages';
import { paths } from '#shared/paths';
import { errorMessage } from '#web/components/dialogs/alert';
import { FormError } from '#web/components/form/FormError';
import { buttonClass } from '#web/components/ui/button';
import { saveNewsletterChoices } from '#web/lib/api/newsletter';

interface Props {
  token: string;
  preferences: NewsletterPreferences;
  /** Every publisher's name, to choose from. */
  publishers: string[];
}

const stateNotes: Partial<Record<NewsletterPreferences['status'], string>> = {
  pending: 'Confirm your subscription with the link we mailed you: until then nothing is sent.',
  unsubscribed: 'You are unsubscribed. Choose something and save to receive it again.',
  suppressed: newsletterLinkMessages.suppressed,
};

/** The digest and the publishers, as checkboxes; saving nothing chosen unsubscribes. */
export function NewsletterChoicesForm({ token, preferences, publishers }: Props) {
  const [digest, setDigest] = useState(preferences.digest);
  const [chosen, setChosen] = useState(() => new Set(preferences.publishers));
  const [saved, setSaved] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  const note = stateNotes[preferences.status];

  function toggle(name: string, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaved(undefined);
    setFailure(undefined);
    setSaving(true);
    try {
      setSaved(await saveNewsletterChoices(token, { digest, publishers: [...chosen] }));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} className="space-y-5">
      <p className="text-sm text-ink-muted">
        Newsletters to <strong className="text-ink">{preferences.email}</strong>
      </p>
      {note && <p className="rounded-sm bg-ink/5 p-3 text-sm">{note}</p>}
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
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
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {publishers.map((name) => (
            <li key={name}>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={chosen.has(name)}
                  onChange={(event) => toggle(name, event.target.checked)}
                  className="size-4 accent-accent"
                />
                {name}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {failure && <FormError message={failure} />}
      {saved && (
        <p role="status" className="text-sm font-semibold">
          {saved}
        </p>
      )}
      <button type="submit" disabled={saving} className={clsx(buttonClass(), 'w-full')}>
        {saving ? 'Saving…' : 'Save my choices'}
      </button>
      <p className="text-center text-sm">
        <Link to={paths.newsletterUnsubscribe(token)} className="text-accent underline">
          Unsubscribe from everything
        </Link>
      </p>
    </form>
  );
}
