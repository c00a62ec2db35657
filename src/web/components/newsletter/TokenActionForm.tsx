import { clsx } from 'clsx';
import type { FormEvent, ReactNode } from 'react';
import { FormError } from '#web/components/form/FormError';
import { buttonClass } from '#web/components/ui/button';

interface Props {
  /** Where the form posts when the app's script is not running (page-forms.ts). */
  action: string;
  /** What the one button does, in a sentence above it. */
  explanation: string;
  label: string;
  busyLabel: string;
  failure: string | undefined;
  sending: boolean;
  /** False when the page's link carries no token: nothing to post. */
  ready: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
  /** Under the button. */
  children?: ReactNode;
}

/** The one-button form of a mailed link's page (confirm, unsubscribe): a click acts, opening doesn't. */
export function TokenActionForm(props: Props) {
  return (
    <form
      method="post"
      action={props.action}
      onSubmit={(event) => void props.onSubmit(event)}
      className="space-y-4"
    >
      <p className="text-sm text-ink-muted">{props.explanation}</p>
      {props.failure && <FormError message={props.failure} />}
      <button
        type="submit"
        disabled={props.sending || !props.ready}
        className={clsx(buttonClass(), 'w-full')}
      >
        {props.sending ? props.busyLabel : props.label}
      </button>
      {props.children}
    </form>
  );
}
