import { clsx } from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ComponentProps } from 'react';
import { errorProps, FieldFrame, inputClass } from './FieldFrame';

type Props = Omit<ComponentProps<'input'>, 'id' | 'type'> & {
  label?: string;
  error?: string | undefined;
};

/** A password input with a button that shows or hides what was typed. */
export function PasswordField({ label = 'Password', error, ...input }: Props) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={id} label={label} error={error}>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={clsx(inputClass, 'pr-12')}
          {...errorProps(id, error)}
          {...input}
        />
        <button
          type="button"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-sm text-ink-muted hover:text-ink focus-visible:-outline-offset-2"
        >
          {visible ? (
            <EyeOff aria-hidden className="size-5" />
          ) : (
            <Eye aria-hidden className="size-5" />
          )}
        </button>
      </div>
    </FieldFrame>
  );
}
