import { useId, type ComponentProps } from 'react';
import { errorProps, FieldFrame, inputClass } from './FieldFrame';

type Props = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  error?: string | undefined;
};

/** A labelled text input with its error message; takes react-hook-form's register() props. */
export function TextField({ label, error, ...input }: Props) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error}>
      <input id={id} className={inputClass} {...errorProps(id, error)} {...input} />
    </FieldFrame>
  );
}
