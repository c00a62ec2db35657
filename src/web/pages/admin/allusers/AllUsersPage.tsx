import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function AllUsersPage() {
  return <PlaceholderPage title="All Users" />;
}
