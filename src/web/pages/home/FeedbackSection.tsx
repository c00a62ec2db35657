import { LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { showAlert } from '#web/components/dialogs/alert';
import { SectionHeading } from '#web/components/SectionHeading';
import { buttonClass } from '#web/components/ui/button';
import { formatDate } from '#web/lib/formatDate';
import { addFeedback, useFeedback, type FeedbackItem } from './feedbackStore';

/** Spec: submitting is simulated with a 2-second wait; nothing goes to a server. */
const submitDelayMs = 2000;
const maxLength = 2000;

/** The home page's feedback box and the feedback given so far in this browser, newest first. */
export function FeedbackSection() {
  const textareaId = useId();
  const hintId = useId();
  const items = useFeedback();
  const [message, setMessage] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  // Leaving the page mid-submit drops the pending item rather than setting state after unmount.
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const trimmed = message.trim();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (trimmed === '' || submitting) return;
    setSubmitting(true);
    timer.current = window.setTimeout(() => {
      addFeedback({ id: Date.now(), message: trimmed });
      setMessage('');
      setSubmitting(false);
      void showAlert({
        icon: 'success',
        title: 'Feedback Submitted!',
        text: 'Thank you for your valuable feedback.',
      });
    }, submitDelayMs);
  }

  return (
    <section aria-labelledby="feedback-heading">
      <SectionHeading id="feedback-heading" title="Feedback">
        Letters to the editor: what we got right, what we got wrong, what we missed.
      </SectionHeading>
      <div className="grid gap-8 lg:grid-cols-2">
        <form onSubmit={submit} className="flex flex-col gap-3">
          <label htmlFor={textareaId} className="font-semibold">
            Your feedback
          </label>
          <textarea
            id={textareaId}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            readOnly={submitting}
            maxLength={maxLength}
            rows={5}
            aria-describedby={hintId}
            className="min-h-36 resize-y rounded-sm border border-rule bg-surface px-3 py-2 font-serif leading-relaxed focus:border-ink"
          />
          <p id={hintId} className="text-sm text-ink-muted">
            Kept in this browser only. Write a few words to send it.
          </p>
          <div className="flex items-center gap-4">
            <button type="submit" disabled={trimmed === '' || submitting} className={buttonClass()}>
              Submit Feedback
            </button>
            {submitting && (
              <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
                <LoaderCircle aria-hidden className="size-4 motion-safe:animate-spin" />
                Submitting Feedback...
              </p>
            )}
          </div>
        </form>
        <FeedbackList items={items} />
      </div>
    </section>
  );
}

function FeedbackList({ items }: { items: FeedbackItem[] }) {
  if (items.length === 0) {
    return (
      <p className="self-start border border-dashed border-rule px-6 py-10 text-center font-serif text-lg text-ink-muted italic">
        No feedback yet.
      </p>
    );
  }
  return (
    <ul aria-label="Feedback so far" className="divide-y divide-rule border-y border-rule">
      {items.map((item) => (
        <li key={item.id} className="py-4">
          <p className="font-serif leading-relaxed whitespace-pre-line">{item.message}</p>
          <p className="mt-1 text-xs text-ink-muted">
            <time dateTime={new Date(item.id).toISOString()}>
              {formatDate(new Date(item.id).toISOString())}
            </time>
          </p>
        </li>
      ))}
    </ul>
  );
}
