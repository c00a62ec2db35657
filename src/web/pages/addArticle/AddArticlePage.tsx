import { PlaceholderPage } from '../../components/PlaceholderPage';

export function AddArticlePage() {
  return <PlaceholderPage title="Add Article" />;
}
