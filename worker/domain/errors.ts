/**
 * The one error type the domain throws. The API turns it into the error envelope of
 * API.md; Remix actions turn it into form errors. Codes and statuses follow API.md.
 */
export type ErrorCode =
  | 'invalid_request'
  | 'unauthenticated'
  | 'two_factor_required'
  | 'forbidden'
  | 'insufficient_scope'
  | 'not_found'
  | 'duplicate_identifier'
  | 'conflict'
  | 'cursor_expired'
  | 'merge_expired'
  | 'channel_not_connected'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'not_processable'
  | 'rate_limited'
  | 'provider_error'
  | 'not_configured'
  | 'internal_error';

const statusByCode: Record<ErrorCode, number> = {
  invalid_request: 400,
  unauthenticated: 401,
  two_factor_required: 401,
  forbidden: 403,
  insufficient_scope: 403,
  not_found: 404,
  duplicate_identifier: 409,
  conflict: 409,
  cursor_expired: 410,
  merge_expired: 410,
  channel_not_connected: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  not_processable: 422,
  rate_limited: 429,
  provider_error: 502,
  not_configured: 503,
  internal_error: 500,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AppError';
    this.status = statusByCode[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);

export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many requests',
  ) {
    super('rate_limited', message, { retry_after: retryAfterSeconds });
  }
}
