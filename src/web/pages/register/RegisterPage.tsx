import { useLocation } from 'react-router';
import { AccountCard } from '#web/components/AccountCard';
import { originOf } from '#web/lib/auth/origin';
import { RegisterForm } from './RegisterForm';

export function RegisterPage() {
  const from = originOf(useLocation());
  return (
    <AccountCard page="register" from={from}>
      <RegisterForm from={from} />
    </AccountCard>
  );
}
