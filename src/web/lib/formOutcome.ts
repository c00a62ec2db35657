import { useActionData } from 'react-router';
import type { FormOutcome } from '#shared/pages';

/**
 * What the server answered this page's form with, when it was posted without script (the
 * server renders the page again with it as the route's action data: entry-server.tsx); nothing
 * once the app is running and sends the form itself.
 */
export function useFormOutcome(): FormOutcome | undefined {
  return useActionData<FormOutcome | undefined>();
}
