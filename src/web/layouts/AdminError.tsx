import { Link } from 'react-router';
import { buttonClass } from '#web/components/ui/button';
import { PageHead } from '#web/head/PageHead';

/** The admin branch's error element (spec): anything that goes wrong there reads as a refusal. */
export function AdminError() {
  return (
    <main
      id="main"
      className="page-wrap flex min-h-dvh flex-col items-center justify-center py-12 text-center"
    >
      <PageHead title="Not authorized" noindex />
      <p className="text-sm font-semibold tracking-widest text-accent uppercase">Admin area</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">You are not authorized</h1>
      <p className="mt-4 max-w-md font-serif text-lg text-ink-muted">
        This part of Tribune is for administrators only.
      </p>
      <Link to="/" className={`${buttonClass()} mt-8`}>
        Back to homepage
      </Link>
    </main>
  );
}
