import { Link, useLocation } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { usePageTitle } from '../../hooks/usePageTitle';
import { originPath } from '../../lib/auth/origin';
import { RegisterForm } from './RegisterForm';

export function RegisterPage() {
  usePageTitle('Register');
  const location = useLocation();
  return (
    <AuthCard title="Register">
      <RegisterForm from={originPath(location.state)} />
      <p className="mt-6 text-center text-sm text-ink-muted">
        Already have an account?{' '}
        <Link to="/login" state={location.state} className="font-semibold text-accent underline">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
