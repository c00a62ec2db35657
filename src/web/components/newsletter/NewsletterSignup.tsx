import { clsx } from 'clsx';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { paths } from '#shared/paths';
import { errorMessage } from '#web/components/dialogs/alert';
import { buttonClass } from '#web/components/ui/button';
import { subscribeNewsletter } from '#web/lib/api/newsletter';

/**
 * Where the form stands: the footer's dark ground (every public page), the newsletter page's
 * own box, or a block of its own within a page (the home page, after an article). A block's
 * field has its own label, since the footer's form is on the same page.
 */
const variants = {
  footer: { dark: true, label: 'Your address for the newsletter', box: '' },
  page: { dark: false, label: 'Your address for the newsletter', box: '' },
  block: {
    dark: false,
    label: 'Your address for the daily digest',
    box: 'border-t-4 border-ink bg-surface p-5 shadow-sm sm:p-8',
  },
} as const;

interface Props {
  variant?: keyof typeof variants;
  /** What the form says first. */
  heading: ReactNode;
  /** The publishers chosen on the page (names), besides the digest. */
  publishers?: string[];
  /** More inside the form, after the heading (the page's publisher choices, a block's words). */
  children?: ReactNode;
  /** The server's answer to a post made without script (page-forms.ts), shown at once. */
  initial?: { message: string; refused: boolean; email?: string };
}

/**
 * The newsletter's sign-up: an address, and the daily digest (double opt-in: the answer asks
 * the reader to open the mailed link). Posted to the newsletter page when the app's script is
 * not running. No zod here: the footer carries it on every public page.
 */
export function NewsletterSignup({
  variant = 'page',
  heading,
  publishers = [],
  children,
  initial,
}: Props) {
  const id = useId();
  const [done, setDone] = useState(initial && !initial.refused ? initial.message : undefined);
  const [failure, setFailure] = useState(initial?.refused ? initial.message : undefined);
  const [sending, setSending] = useState(false);

  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = new FormData(event.currentTarget).get('email');
    setFailure(undefined);
    setSending(true);
    try {
      setDone(await subscribeNewsletter(String(email ?? ''), publishers));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  const { dark, label, box } = variants[variant];
  return (
    <form
      method="post"
      action={paths.newsletter}
      noValidate
      onSubmit={(event) => void subscribe(event)}
      aria-labelledby={`${id}-heading`}
      className={clsx('space-y-3', box)}
    >
      <p id={`${id}-heading`} className="font-serif text-lg font-bold">
        {heading}
      </p>
      {children}
      {done ? (
        <p role="status" className={clsx('text-sm', dark ? 'text-paper' : 'text-ink')}>
          {done}
        </p>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          {/* Not "Email": the sign-in forms' field is, on the same pages. */}
          <label htmlFor={`${id}-email`} className="sr-only">
            {label}
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={initial?.email}
            placeholder="you@example.com"
            aria-describedby={failure ? `${id}-error` : undefined}
            aria-invalid={failure ? true : undefined}
            className={clsx(
              'min-h-11 w-full rounded-sm border px-3 py-2 text-ink sm:max-w-xs',
              dark ? 'border-paper/40 bg-paper' : 'border-rule bg-surface',
            )}
          />
          <button
            type="submit"
            disabled={sending}
            className={clsx(
              buttonClass({ variant: dark ? 'inverse' : 'primary' }),
              'whitespace-nowrap',
            )}
          >
            {sending ? 'Subscribing…' : 'Subscribe'}
          </button>
        </div>
      )}
      {failure && (
        <p
          id={`${id}-error`}
          role="alert"
          className={clsx('text-sm font-semibold', dark ? 'text-paper' : 'text-accent')}
        >
          {failure}
        </p>
      )}
    </form>
  );
}
