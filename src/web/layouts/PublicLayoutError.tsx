import { siteName } from '#shared/site';
import { RouteError } from '#web/components/RouteError';

/**
 * The public layout's error element: shown when the layout itself fails, so it stands alone
 * with a plain masthead. (Errors inside a page render within the layout instead.)
 */
export function PublicLayoutError() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="page-wrap border-b border-ink py-6 text-center">
        {/* A full page load: the layout that failed should start over, not be reused. */}
        <a href="/" className="font-display text-5xl font-black tracking-tight">
          {siteName}
        </a>
      </header>
      <main id="main" tabIndex={-1} className="page-wrap flex-1 py-8">
        <RouteError />
      </main>
    </div>
  );
}
