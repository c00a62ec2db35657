import type { ApiErrorBody } from '#shared/api-error';

/** A failed API call: the HTTP status, the server's error code and its human-readable message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  /** True for 4xx answers: asking again unchanged will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export interface ApiFetchOptions extends Omit<RequestInit, 'body'> {
  /** Sent as a JSON body with the matching Content-Type. */
  json?: unknown;
  /** Any other body (FormData for uploads). */
  body?: BodyInit;
}

/**
 * Calls the API at `/api{path}` with the session cookie, and answers the parsed JSON body as `T`.
 * Non-2xx answers throw an ApiError carrying the server's `{ error, message }`; so do network
 * failures (status 0).
 *
 * The body is not validated again here: the server checks every answer against the same zod
 * schemas (src/shared) before sending it, and leaving zod out keeps it off every page's first
 * download (forms that validate input load it with their page).
 */
export async function apiFetch<T = unknown>(
  path: string,
  options: ApiFetchOptions = {},
): Promise<T> {
  return (await apiFetchWithHeaders<T>(path, options)).data;
}

/** Like apiFetch, and also answers the response headers (e.g. a list's X-Total-Count). */
export async function apiFetchWithHeaders<T = unknown>(
  path: string,
  options: ApiFetchOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const { json, headers, ...init } = options;
  const requestHeaders = new Headers(headers);
  requestHeaders.set('Accept', 'application/json');
  if (json !== undefined) requestHeaders.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      ...init,
      headers: requestHeaders,
      body: json !== undefined ? JSON.stringify(json) : init.body,
      credentials: 'same-origin',
    });
  } catch (error) {
    // An abort is the caller's own doing (TanStack Query cancelling): pass it through untouched.
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection.');
  }

  const body = await readJson(response);
  if (!response.ok) throw toApiError(response, body);
  return { data: body as T, headers: response.headers };
}

/**
 * Calls the API like apiFetch but for a body of another type (`accept`, e.g. `text/csv`), which
 * it answers as a Blob; a failure throws the same ApiError.
 */
export async function apiFetchBlob(path: string, accept: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      headers: { Accept: accept },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection.');
  }
  if (!response.ok) throw toApiError(response, await readJson(response));
  return response.blob();
}

/** The JSON body, or undefined when there is none or it is not JSON (e.g. a proxy's error page). */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(response: Response, body: unknown): ApiError {
  if (isErrorBody(body)) return new ApiError(response.status, body.error, body.message);
  const message =
    response.status >= 500
      ? `The server could not answer (${response.status}). Please try again shortly.`
      : `The request failed (${response.status}).`;
  return new ApiError(response.status, 'http_error', message);
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  const candidate = body as Partial<ApiErrorBody> | null | undefined;
  return typeof candidate?.error === 'string' && typeof candidate.message === 'string';
}
