import { PlaceholderPage } from '../../components/PlaceholderPage';

export function MyArticlesPage() {
  return <PlaceholderPage title="My Articles" />;
}
