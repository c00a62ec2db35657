import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function DashboardPage() {
  return <PlaceholderPage title="Dashboard" />;
}
