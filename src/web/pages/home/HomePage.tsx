import { siteName } from '../../../shared/site.js';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PublishersSection } from './PublishersSection';

/**
 * The front page. Its sections, in the spec's order: trending carousel, publishers, statistics,
 * plans, about, feedback. Only Publishers exists so far; the others arrive in a later issue and
 * take their places around it, each as its own component in this folder.
 */
export function HomePage() {
  usePageTitle();
  return (
    <div className="space-y-16">
      <h1 className="sr-only">{siteName}: today's front page</h1>
      <PublishersSection />
    </div>
  );
}
