import { useNavigation } from 'react-router';
import { useAuth } from '#web/lib/auth/authContext';

/**
 * A thin bar at the top of the window while the next page (its code or data) loads, and while
 * the session is read on arrival (spec: a progress bar shows while authentication state loads).
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { status } = useAuth();
  if (navigation.state === 'idle' && status !== 'loading') return null;
  return (
    <div
      role="progressbar"
      aria-label={status === 'loading' ? 'Checking your sign-in' : 'Loading page'}
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden"
    >
      <div className="h-full w-2/5 bg-accent motion-safe:animate-progress" />
    </div>
  );
}
