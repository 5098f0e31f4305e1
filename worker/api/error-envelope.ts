import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { AppError, RateLimitedError, type ErrorCode } from '../domain/errors';
import { inputIssues } from '../domain/input-issues';

/**
 * Every failed answer's body (API.md "Errors"). The routes declare it in OpenAPI with a plain
 * string code; this is the same envelope with the codes Kith answers, for the typed client.
 */
export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
}

export interface Issue {
  path: string;
  message: string;
}

/** A refused input's problems as the API names them: the field's path (dotted) and what is wrong with it. */
export function zodIssues(error: ZodError): Issue[] {
  return inputIssues(error).map((issue) => ({ path: issue.path.map(String).join('.') || '(root)', message: issue.message }));
}

export function invalidRequest(issues: Issue[], message = 'The request is not valid'): AppError {
  return new AppError('invalid_request', `${message}: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`.slice(0, 500), { issues });
}

/** The one place an error becomes the API.md error envelope. */
export function errorResponse(c: Context, error: unknown): Response {
  if (error instanceof AppError) {
    if (error instanceof RateLimitedError) c.header('Retry-After', String(error.retryAfterSeconds));
    const body: ErrorEnvelope = {
      error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
    };
    return c.json(body, error.status as ContentfulStatusCode);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const code: ErrorCode =
      status === 413
        ? 'payload_too_large'
        : status === 401
          ? 'unauthenticated'
          : status === 415
            ? 'unsupported_media_type'
            : status < 500
              ? 'invalid_request'
              : 'internal_error';
    const message = status === 400 ? 'The request body is not valid JSON' : error.message || 'Request failed';
    return c.json({ error: { code, message } } satisfies ErrorEnvelope, status);
  }
  console.error('Unhandled error', error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  return c.json({ error: { code: 'internal_error', message: 'Something went wrong on our side' } } satisfies ErrorEnvelope, 500);
}
