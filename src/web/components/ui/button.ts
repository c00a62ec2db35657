import { clsx } from 'clsx';

interface ButtonStyle {
  /** `inverse`: on the ink-coloured ground (the footer). */
  variant?: 'primary' | 'secondary' | 'inverse';
  size?: 'sm' | 'md';
}

/** Classes for anything that looks like a button: <button>, or a <Link> that acts as one. */
export function buttonClass({ variant = 'primary', size = 'md' }: ButtonStyle = {}): string {
  return clsx(
    'inline-flex items-center justify-center gap-2 rounded-sm font-sans font-semibold tracking-wide uppercase transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60',
    size === 'sm' ? 'px-3 py-1.5 text-xs' : 'px-5 py-2.5 text-sm',
    variant === 'primary' && 'bg-ink text-paper hover:bg-accent',
    variant === 'secondary' && 'border border-ink text-ink hover:bg-ink hover:text-paper',
    variant === 'inverse' &&
      'bg-paper text-ink hover:bg-accent hover:text-paper focus-visible:outline-paper',
  );
}
