import { clsx } from 'clsx';

interface Props {
  /** Every publisher's name, to choose from. */
  names: readonly string[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  /** The labels' text size, where the form's is smaller. */
  small?: boolean;
}

/**
 * The publishers a reader follows, one checkbox each, named `publishers` as a form posted
 * without script sends them (auth/page-forms.ts).
 */
export function PublisherCheckboxes({ names, chosen, onChange, small }: Props) {
  return (
    <ul className="mt-2 grid gap-2 sm:grid-cols-2">
      {names.map((name) => (
        <li key={name}>
          <label className={clsx('flex items-center gap-2', small && 'text-sm')}>
            <input
              type="checkbox"
              name="publishers"
              value={name}
              checked={chosen.includes(name)}
              onChange={(event) =>
                onChange(
                  event.target.checked ? [...chosen, name] : chosen.filter((n) => n !== name),
                )
              }
              className="size-4 accent-accent"
            />
            {name}
          </label>
        </li>
      ))}
    </ul>
  );
}
