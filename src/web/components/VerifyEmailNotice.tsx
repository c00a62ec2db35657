import { useMutation } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { toast } from './toasts/toast';
import { verificationMessages } from '#shared/accounts';
import { sendVerificationEmail } from '#web/lib/api/users';
import { useAuth } from '#web/lib/auth/authContext';
import { buttonClass } from './ui/button';

/**
 * For a signed-in user whose address is not verified yet: what they cannot do until it is, and
 * a button that mails the link again (the server limits how often). Nothing for anyone else.
 */
export function VerifyEmailNotice({ className }: { className?: string }) {
  const auth = useAuth();
  if (auth.status !== 'signedIn' || !auth.user || auth.user.emailVerified) return null;
  return <Unverified email={auth.user.email} className={className} />;
}

function Unverified({ email, className }: { email: string; className?: string }) {
  const resend = useMutation({
    mutationFn: sendVerificationEmail,
    onSuccess: (message) => toast.success(message),
    onError: (error) => toast.error(error.message),
  });
  return (
    <div
      role="status"
      className={clsx('border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm', className)}
    >
      <p>
        {verificationMessages.required} We sent it to <strong>{email}</strong>.
      </p>
      <button
        type="button"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
        className={clsx(buttonClass({ variant: 'secondary', size: 'sm' }), 'mt-3')}
      >
        {resend.isPending ? 'Sending…' : 'Send the link again'}
      </button>
    </div>
  );
}
