import { Check } from 'lucide-react';
import { useId, useImperativeHandle, useRef, type Ref } from 'react';
import { tags, type Tag } from '#shared/tags';
import { errorId } from '#web/components/form/FieldFrame';

interface Props {
  value: readonly string[];
  onChange: (value: Tag[]) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** Lets react-hook-form focus the first tag when none is chosen. */
  ref?: Ref<{ focus(): void }>;
}

/** The eight tags as toggle chips (checkboxes underneath); any number may be chosen. */
export function TagPicker({ value, onChange, onBlur, error, ref }: Props) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => first.current?.focus() }), []);

  function toggle(tag: Tag, on: boolean) {
    // Kept in the fixed order of the tag list, whatever order they were clicked in.
    onChange(tags.filter((item) => (item === tag ? on : value.includes(item))));
  }

  return (
    <fieldset aria-describedby={error ? errorId(id) : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-ink">Tags</legend>
      <div className="flex flex-wrap gap-2">
        {tags.map((tag, index) => (
          <label
            key={tag}
            className="relative inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-ink/40 bg-surface px-3.5 py-1.5 text-sm font-semibold text-ink capitalize select-none hover:border-ink has-checked:border-ink has-checked:bg-ink has-checked:text-paper has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent"
          >
            <input
              ref={index === 0 ? first : undefined}
              type="checkbox"
              // Invisible but covering the chip, so a click or tap lands on the checkbox itself.
              className="peer absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
              checked={value.includes(tag)}
              onChange={(event) => toggle(tag, event.target.checked)}
              onBlur={onBlur}
            />
            <Check aria-hidden className="hidden size-3.5 peer-checked:block" />
            {tag}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId(id)} className="mt-1.5 text-sm text-accent">
          {error}
        </p>
      )}
    </fieldset>
  );
}
