import { PlaceholderPage } from '../../components/PlaceholderPage';

export function PaymentPage() {
  return <PlaceholderPage title="Payment" />;
}
