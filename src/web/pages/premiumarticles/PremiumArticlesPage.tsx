import { PlaceholderPage } from '../../components/PlaceholderPage';

export function PremiumArticlesPage() {
  return <PlaceholderPage title="Premium Articles" />;
}
