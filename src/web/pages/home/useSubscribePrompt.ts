import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '#web/components/dialogs/alert';
import { useAuth } from '#web/lib/auth/authContext';
import { readerOf } from '#web/lib/auth/reader';
import { isOfferedPremium } from '#shared/rules/reading';
import { paths } from '#shared/paths';

/** Spec: the prompt comes 10 seconds after landing on the home page. */
const promptDelayMs = 10_000;

/**
 * Spec: signed-in readers who are neither admins nor premium are asked, once per visit to the
 * home page, whether they want premium; Subscribe goes to /subscription, Later closes it.
 * Leaving the page before the delay cancels it.
 */
export function useSubscribePrompt(): void {
  const auth = useAuth();
  const navigate = useNavigate();
  const eligible = isOfferedPremium(readerOf(auth));

  useEffect(() => {
    if (!eligible) return;
    const timer = setTimeout(() => {
      void showAlert({
        icon: 'question',
        title: 'Do you want to get access to premium content? Subscribe Now.',
        confirmText: 'Subscribe',
        cancelText: 'Later',
      }).then((subscribe) => subscribe && navigate(paths.subscription));
    }, promptDelayMs);
    return () => clearTimeout(timer);
  }, [eligible, navigate]);
}
