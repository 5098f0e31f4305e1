import { json } from '@remix-run/cloudflare';
import { AppError } from '../../worker/domain/errors';

/** An expected failure as the page's action data (429 keeps its Retry-After); anything else rethrown. */
export function authErrorResponse(error: unknown) {
  const cause = error instanceof AppError ? error : (error as { cause?: unknown })?.cause;
  if (cause instanceof AppError && cause.status < 500) {
    const headers: HeadersInit = cause.code === 'rate_limited' ? { 'Retry-After': String(cause.details?.retry_after ?? 60) } : {};
    return json({ error: cause.message, done: false }, { status: cause.status, headers });
  }
  throw error;
}
