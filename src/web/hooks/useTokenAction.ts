import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '#web/components/dialogs/alert';
import { useFormOutcome } from '#web/lib/formOutcome';

/**
 * A page a mailed link lands on (`?token=`), whose one button acts with the token: its state,
 * and the submit handler that acts from the app. Posted without the app's script, the server's
 * answer arrives as the form's outcome and shows the same way. `missing` is said at once when
 * the address carries no token.
 */
export function useTokenAction(act: (token: string) => Promise<string>, missing: string) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const outcome = useFormOutcome();
  const [done, setDone] = useState(outcome?.kind === 'done' ? outcome.message : undefined);
  const [failure, setFailure] = useState(
    outcome?.kind === 'refused' ? outcome.message : token ? undefined : missing,
  );
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    setSending(true);
    try {
      setDone(await act(token));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return { token, done, failure, sending, submit };
}
