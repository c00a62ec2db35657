import { clsx } from 'clsx';
import { useId, type ComponentProps } from 'react';
import { errorProps, FieldFrame, inputClass } from './FieldFrame';

type Props = Omit<ComponentProps<'textarea'>, 'id'> & {
  label: string;
  error?: string | undefined;
};

/** A labelled textarea with its error message; takes react-hook-form's register() props. */
export function TextAreaField({ label, error, className, ...textarea }: Props) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error}>
      <textarea
        id={id}
        className={clsx(inputClass, 'min-h-48 resize-y leading-relaxed', className)}
        {...errorProps(id, error)}
        {...textarea}
      />
    </FieldFrame>
  );
}
