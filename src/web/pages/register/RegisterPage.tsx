import { Link, useLocation } from 'react-router';
import { AuthCard } from '#web/components/AuthCard';
import { PageHead } from '#web/head/PageHead';
import { originOf, withOrigin } from '#web/lib/auth/origin';
import { RegisterForm } from './RegisterForm';
import { paths } from '#shared/paths';

export function RegisterPage() {
  const location = useLocation();
  const from = originOf(location);
  return (
    <AuthCard title="Register">
      <PageHead
        title="Register"
        description="Create a free Tribune account to write for the paper and to subscribe to premium reporting."
        path={paths.register}
      />
      <RegisterForm from={from} />
      <p className="mt-6 text-center text-sm text-ink-muted">
        Already have an account?{' '}
        <Link
          to={withOrigin(paths.login, from)}
          state={location.state}
          className="font-semibold text-accent underline"
        >
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
