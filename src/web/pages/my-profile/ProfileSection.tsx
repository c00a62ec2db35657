import type { ReactNode } from 'react';

/** One of My Profile's boxes under the form (premium, newsletters), named by its heading. */
export function ProfileSection(props: { id: string; heading: string; children: ReactNode }) {
  const headingId = `${props.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="mt-8 border border-rule bg-surface p-5 sm:p-8">
      <h2 id={headingId} className="mb-4 text-2xl font-bold">
        {props.heading}
      </h2>
      {props.children}
    </section>
  );
}
