import { PlaceholderPage } from '../../components/PlaceholderPage';

export function UpdateArticlePage() {
  return <PlaceholderPage title="Update Article" />;
}
