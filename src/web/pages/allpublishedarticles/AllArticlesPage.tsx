import { PlaceholderPage } from '../../components/PlaceholderPage';

export function AllArticlesPage() {
  return <PlaceholderPage title="All Articles" />;
}
