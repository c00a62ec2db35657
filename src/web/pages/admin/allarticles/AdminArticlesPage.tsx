import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function AdminArticlesPage() {
  return <PlaceholderPage title="All Articles (Admin)" heading="All Articles" />;
}
