/** The few error codes the API answers with, each bound to its HTTP status. */
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  // A card the payment provider refused.
  payment_required: 402,
  forbidden: 403,
  // Posting or paying before the account's address is verified (auth/guards.ts).
  email_unverified: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * Thrown anywhere on the server; the error handler turns it into `{ error, message }`, with a
 * Retry-After header when `retryAfterSeconds` says when trying again may work.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  get status(): number {
    return errorStatus[this.code];
  }
}
