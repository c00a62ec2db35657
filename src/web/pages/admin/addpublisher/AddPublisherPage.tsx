import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function AddPublisherPage() {
  return <PlaceholderPage title="Add Publisher" />;
}
