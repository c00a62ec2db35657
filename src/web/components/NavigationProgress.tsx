import { useNavigation } from 'react-router';

/** A thin bar at the top of the window while the next page (its code or data) loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden"
    >
      <div className="h-full w-2/5 bg-accent motion-safe:animate-progress" />
    </div>
  );
}
