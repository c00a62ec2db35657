import { PlaceholderPage } from '../../components/PlaceholderPage';

export function MyProfilePage() {
  return <PlaceholderPage title="My Profile" />;
}
