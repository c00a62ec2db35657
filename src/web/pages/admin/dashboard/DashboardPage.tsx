import { PageHeading } from '#web/components/PageHeading';
import { ReaderAnalytics } from './analytics/ReaderAnalytics';
import { GiftLinksSection } from './GiftLinksSection';
import { NewsletterSends } from './NewsletterSends';
import { NewsletterSubscribersChart } from './NewsletterSubscribersChart';
import { PremiumColumnChart } from './PremiumColumnChart';
import { PublisherPieChart } from './PublisherPieChart';
import { ViewCountLineChart } from './ViewCountLineChart';

/**
 * The paper's own analytics (analytics/ReaderAnalytics.tsx), three charts of the paper's
 * figures, the newsletter's subscribers and sends, then the gift links; recharts loads with this
 * page's chunk only.
 */
export function DashboardPage() {
  return (
    <section>
      <PageHeading>Dashboard</PageHeading>
      <div className="mt-8 grid gap-8 xl:grid-cols-2">
        <ReaderAnalytics />
        <PublisherPieChart />
        <ViewCountLineChart />
        <PremiumColumnChart />
        <NewsletterSubscribersChart />
        <NewsletterSends />
        <GiftLinksSection />
      </div>
    </section>
  );
}
