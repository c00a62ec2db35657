import { Outlet, ScrollRestoration } from 'react-router';
import { PageBeacon } from '#web/analytics/PageBeacon';
import { SiteFooter } from '#web/components/footer/SiteFooter';
import { Masthead } from '#web/components/header/Masthead';
import { MainNav } from '#web/components/header/MainNav';
import { NavigationProgress } from '#web/components/NavigationProgress';
import { RouteAnnouncer } from '#web/components/RouteAnnouncer';
import { SkipLink } from '#web/components/SkipLink';

/** The reader-facing frame: masthead, sticky nav, the page, footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavigationProgress />
      <RouteAnnouncer />
      <Masthead />
      <MainNav />
      <main id="main" tabIndex={-1} className="page-wrap flex-1 py-8 sm:py-12">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
      <PageBeacon />
    </div>
  );
}
