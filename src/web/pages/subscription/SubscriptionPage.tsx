import { PlaceholderPage } from '../../components/PlaceholderPage';

export function SubscriptionPage() {
  return <PlaceholderPage title="Subscription" />;
}
