import { usePageTitle } from '../hooks/usePageTitle';
import { PageHeading } from './PageHeading';

/** The frame of a page whose feature arrives in a later issue. */
export function PlaceholderPage({ title, heading = title }: { title: string; heading?: string }) {
  usePageTitle(title);
  return (
    <section className="max-w-3xl">
      <PageHeading>{heading}</PageHeading>
      <p className="mt-4 font-serif text-lg text-ink-muted italic">This section is coming soon.</p>
    </section>
  );
}
