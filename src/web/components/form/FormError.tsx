import { clsx } from 'clsx';

/** Why a form's submission was refused (the server's message, or a provider's), in red. */
export function FormError({ message, className }: { message: string; className?: string }) {
  return (
    <p role="alert" className={clsx('text-sm font-semibold text-accent', className)}>
      {message}
    </p>
  );
}
