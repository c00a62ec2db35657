import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { buttonClass } from './button';

/** A modal's title with its Close button beside it (inside a ModalDialog). */
export function DialogTitleBar({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <Dialog.Title className="font-serif text-2xl leading-snug font-bold">{children}</Dialog.Title>
      <Dialog.Close className={buttonClass({ variant: 'secondary', size: 'sm' })}>
        <X aria-hidden className="size-3.5" />
        Close
      </Dialog.Close>
    </div>
  );
}
