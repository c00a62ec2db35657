import { AccountCard } from '#web/components/AccountCard';
import { GoogleSignIn } from './GoogleSignIn';
import { LoginForm } from './LoginForm';
import { useGoogleReturn } from './useGoogleReturn';

export function LoginPage() {
  const from = useGoogleReturn();

  return (
    <AccountCard page="login" from={from}>
      <LoginForm from={from} />
      <div className="my-6 flex items-center gap-3 text-xs font-semibold tracking-widest text-ink-muted">
        <span aria-hidden className="h-px flex-1 bg-rule" />
        OR
        <span aria-hidden className="h-px flex-1 bg-rule" />
      </div>
      <GoogleSignIn from={from} />
    </AccountCard>
  );
}
