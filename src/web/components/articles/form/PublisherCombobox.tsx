import { clsx } from 'clsx';
import { Check, ChevronDown } from 'lucide-react';
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { errorId, FieldFrame, inputClass } from '#web/components/form/FieldFrame';

interface Props {
  label: string;
  /** The names to choose from. */
  options: string[];
  /** The chosen name, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** Shown in the list while the options load. */
  loading?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A searchable single select (the ARIA combobox pattern): typing filters the list; the arrow
 * keys move through it, Enter chooses, Escape closes. Only a name from the list can be chosen:
 * leaving the field with other text puts the chosen name back.
 */
export function PublisherCombobox({
  label,
  options,
  value,
  onChange,
  onBlur,
  error,
  loading,
  ref,
}: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value);
  // What the user typed since opening the list; null shows every option.
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  // A new value from outside (the form was reset or prefilled) replaces the text.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }

  const needle = (typed ?? '').trim().toLowerCase();
  const matches = options.filter((option) => option.toLowerCase().includes(needle));
  const activeIndex = Math.min(active, matches.length - 1);

  function show(from: number) {
    setOpen(true);
    setActive(from);
  }

  function choose(option: string) {
    onChange(option);
    setText(option);
    setTyped(null);
    setOpen(false);
  }

  function close() {
    setText(value);
    setTyped(null);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) show(Math.max(0, options.indexOf(value)));
        else setActive(Math.min(activeIndex + 1, matches.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open) setActive(Math.max(activeIndex - 1, 0));
        break;
      case 'Enter': {
        const option = matches[activeIndex];
        // Enter in an open list chooses; it must not submit the form.
        if (open && option) {
          event.preventDefault();
          choose(option);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        break;
    }
  }

  function leave() {
    // Typed a name exactly (any case): that is the choice. Emptied: no choice. Else undo.
    const exact = options.find((option) => option.toLowerCase() === text.trim().toLowerCase());
    if (exact) choose(exact);
    else if (text.trim() === '') choose('');
    else close();
    onBlur?.();
  }

  const optionId = (index: number) => `${id}-option-${index}`;
  const describedBy = error ? errorId(id) : undefined;

  return (
    <FieldFrame id={id} label={label} error={error}>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          placeholder="Type to search publishers"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setTyped(event.target.value);
            show(0);
          }}
          onClick={() => !open && show(Math.max(0, options.indexOf(value)))}
          onKeyDown={onKeyDown}
          onBlur={leave}
          className={clsx(inputClass, 'pr-10')}
        />
        <ChevronDown
          aria-hidden
          className={clsx(
            'pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-muted transition-transform',
            open && 'rotate-180',
          )}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          hidden={!open}
          className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-sm border border-ink/40 bg-surface py-1 shadow-lg"
        >
          {matches.map((option, index) => (
            <li
              key={option}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // Keeps the focus in the input, so choosing does not count as leaving it.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onMouseMove={() => setActive(index)}
              className={clsx(
                'flex cursor-pointer items-center justify-between gap-2 px-3 py-2',
                index === activeIndex && 'bg-ink text-paper',
              )}
            >
              {option}
              {option === value && <Check aria-hidden className="size-4" />}
            </li>
          ))}
          {matches.length === 0 && (
            <li className="px-3 py-2 text-sm text-ink-muted italic">
              {loading ? 'Loading publishers…' : 'No publisher matches.'}
            </li>
          )}
        </ul>
      </div>
    </FieldFrame>
  );
}
