import type { ReactNode } from 'react';

/** The look shared by the site's text inputs. */
export const inputClass =
  'block w-full rounded-sm border border-ink/40 bg-surface px-3 py-2.5 text-base text-ink placeholder:text-ink-muted focus-visible:border-ink focus-visible:outline-2 focus-visible:outline-offset-0 disabled:cursor-not-allowed disabled:bg-paper disabled:text-ink-muted aria-invalid:border-accent';

interface Props {
  /** The control's id: the label points at it, and the error's id derives from it. */
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}

/** A label above a control and, when there is one, its error message below it. */
export function FieldFrame({ id, label, error, children }: Props) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {error && (
        <p id={errorId(id)} className="mt-1.5 text-sm text-accent">
          {error}
        </p>
      )}
    </div>
  );
}

/** The id of a field's error message, for the control's aria-describedby. */
export function errorId(id: string): string {
  return `${id}-error`;
}

/** The accessibility attributes a control needs to announce its error. */
export function errorProps(id: string, error: string | undefined) {
  return error
    ? ({ 'aria-invalid': true, 'aria-describedby': errorId(id) } as const)
    : ({ 'aria-invalid': undefined, 'aria-describedby': undefined } as const);
}
