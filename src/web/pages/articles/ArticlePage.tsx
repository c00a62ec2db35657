import { PlaceholderPage } from '../../components/PlaceholderPage';

export function ArticlePage() {
  return <PlaceholderPage title="Article" />;
}
