import type {
  ControllerFieldState,
  ControllerRenderProps,
  FieldPath,
  FieldValues,
} from 'react-hook-form';

/**
 * What a field of our own takes from react-hook-form's Controller: its value and handlers, the
 * ref that lets the form focus it when its value is refused, and the message it is refused with.
 */
export function controlledField<Values extends FieldValues, Name extends FieldPath<Values>>({
  field,
  fieldState,
}: {
  field: ControllerRenderProps<Values, Name>;
  fieldState: ControllerFieldState;
}) {
  const { ref, value, onChange, onBlur } = field;
  return { ref, value, onChange, onBlur, error: fieldState.error?.message };
}
