import { Link, useLocation } from 'react-router';
import { AuthCard } from '#web/components/AuthCard';
import { PageHead } from '#web/head/PageHead';
import { withOrigin } from '#web/lib/auth/origin';
import { GoogleSignIn } from './GoogleSignIn';
import { LoginForm } from './LoginForm';
import { useGoogleReturn } from './useGoogleReturn';
import { paths } from '#shared/paths';

export function LoginPage() {
  const location = useLocation();
  const from = useGoogleReturn();

  return (
    <AuthCard title="Login">
      <PageHead
        title="Login"
        description="Log in to Tribune to write articles, manage your subscription and read premium reporting."
        path={paths.login}
      />
      <LoginForm from={from} />
      <div className="my-6 flex items-center gap-3 text-xs font-semibold tracking-widest text-ink-muted">
        <span aria-hidden className="h-px flex-1 bg-rule" />
        OR
        <span aria-hidden className="h-px flex-1 bg-rule" />
      </div>
      <GoogleSignIn from={from} />
      <p className="mt-6 text-center text-sm text-ink-muted">
        Don&apos;t have an account?{' '}
        {/* The origin travels along, so registering also ends on the page they came from. */}
        <Link
          to={withOrigin(paths.register, from)}
          state={location.state}
          className="font-semibold text-accent underline"
        >
          Register
        </Link>
      </p>
    </AuthCard>
  );
}
