import { siteName } from '#shared/site';
import { NewsletterBlock } from '#web/components/newsletter/NewsletterBlock';
import { JsonLd } from '#web/head/JsonLd';
import { PageHead } from '#web/head/PageHead';
import { websiteData } from '#web/head/structuredData';
import { useSite } from '#web/lib/siteContext';
import { AboutSection } from './AboutSection';
import { FeedbackSection } from './FeedbackSection';
import { PlansSection } from './PlansSection';
import { PublishersSection } from './PublishersSection';
import { StatisticsSection } from './StatisticsSection';
import { TrendingSection } from './TrendingSection';
import { useSubscribePrompt } from './useSubscribePrompt';

/**
 * The front page, its sections in the spec's order: trending carousel (then the newsletter's
 * sign-up), publishers, statistics, plans, about, feedback. Each section loads its own data, so
 * the trending, publishers and statistics requests all start together on mount and none waits for another. Readers without
 * premium are asked after a while whether they want it.
 */
export function HomePage() {
  const { publicUrl } = useSite();
  useSubscribePrompt();
  return (
    <div className="space-y-16">
      <PageHead path="/" />
      <JsonLd data={websiteData(publicUrl)} />
      <h1 className="sr-only">{siteName}: today's front page</h1>
      <TrendingSection />
      <NewsletterBlock heading="Get the day’s news by email" />
      <PublishersSection />
      <StatisticsSection />
      <PlansSection />
      <AboutSection />
      <FeedbackSection />
    </div>
  );
}
