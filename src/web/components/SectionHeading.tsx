import type { ReactNode } from 'react';

/** A home page section's heading: a rule, the headline and a one-line standfirst. */
export function SectionHeading({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6 border-t-2 border-ink pt-3">
      <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {children && <p className="mt-1 font-serif text-ink-muted italic">{children}</p>}
    </div>
  );
}
