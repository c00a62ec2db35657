import type { ReactNode } from 'react';

/** A page's headline under a heavy rule, like a newspaper section front. */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <h1 className="border-t-4 border-ink pt-4 text-4xl leading-tight font-bold tracking-tight sm:text-5xl">
      {children}
    </h1>
  );
}
