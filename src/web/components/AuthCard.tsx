import type { ReactNode } from 'react';

/** The centred panel the login and register forms sit in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-md border-t-4 border-ink bg-surface px-5 pt-6 pb-8 shadow-sm sm:px-8">
      <h1 className="text-center text-4xl font-bold tracking-tight">{title}</h1>
      <div className="mt-6">{children}</div>
    </section>
  );
}
