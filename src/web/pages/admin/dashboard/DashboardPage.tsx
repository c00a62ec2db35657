import { PageHeading } from '#web/components/PageHeading';
import { GiftLinksSection } from './GiftLinksSection';
import { NewsletterSends } from './NewsletterSends';
import { NewsletterSubscribersChart } from './NewsletterSubscribersChart';
import { PremiumColumnChart } from './PremiumColumnChart';
import { PublisherPieChart } from './PublisherPieChart';
import { ViewCountLineChart } from './ViewCountLineChart';

/**
 * Three charts of the paper's figures, then the newsletter's subscribers and sends; recharts
 * loads with this page's chunk only.
 */
export function DashboardPage() {
  return (
    <section>
      <PageHeading>Dashboard</PageHeading>
      <div className="mt-8 grid gap-8 xl:grid-cols-2">
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
