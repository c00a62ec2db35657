import type { DehydratedState } from '@tanstack/react-query';
import { isRouteErrorResponse, type HydrationState } from 'react-router';
import { ApiError } from '#web/lib/api/client';
import type { Site } from '#web/lib/siteContext';

/**
 * What the server hands the browser with a page, in a `<script type="application/json">`: the
 * Content-Security-Policy runs no inline script, and this is data, never run. The browser reads
 * it back to hydrate the same React tree the server rendered (main.tsx).
 */
export interface PageState {
  site: Site;
  /** The stylesheets the document links. */
  styles: string[];
  /** TanStack Query's cache as the page's loaders filled it (errors as SerializedError). */
  queries: DehydratedState;
  /** React Router's hydration data (errors as SerializedError). */
  router: HydrationState;
}

export const pageStateId = 'page-state';

/** An error as it crosses from the server to the browser. */
export type SerializedError =
  | { kind: 'api'; status: number; code: string; message: string }
  | { kind: 'route'; status: number; statusText: string; data: unknown }
  | { kind: 'error'; message: string };

export function serializeError(error: unknown): SerializedError {
  if (error instanceof ApiError) {
    return { kind: 'api', status: error.status, code: error.code, message: error.message };
  }
  if (isRouteErrorResponse(error)) {
    return { kind: 'route', status: error.status, statusText: error.statusText, data: error.data };
  }
  // Details of other failures stay on the server.
  return { kind: 'error', message: 'The page could not be loaded.' };
}

export function reviveError(error: SerializedError): unknown {
  switch (error.kind) {
    case 'api':
      return new ApiError(error.status, error.code, error.message);
    case 'route':
      // The shape isRouteErrorResponse() recognises.
      return {
        status: error.status,
        statusText: error.statusText,
        internal: false,
        data: error.data,
      };
    default:
      return new Error(error.message);
  }
}

/** The state as the text of its script element: JSON with every `<` escaped. */
export function pageStateJson(state: PageState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}
