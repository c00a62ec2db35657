import { PageHead } from '#web/head/PageHead';
import { useRouteTitle } from './routeHandle';

/** A private page's head: its route's title, and kept out of search engines. */
export function PrivateHead() {
  return <PageHead title={useRouteTitle()} noindex />;
}
