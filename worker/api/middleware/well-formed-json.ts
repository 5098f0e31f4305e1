import type { MiddlewareHandler } from 'hono';
import { lonePathIn, strictUtf8 } from '../../request-text';
import { AppError } from '../../domain/errors';
import { invalidRequest } from '../error-envelope';
import type { AppEnv } from '../types';

// The media types Hono's JSON validator reads (hono/validator).
const JSON_MEDIA = /^application\/([\w.-]+\+)?json$/i;

/**
 * ADR 011: a JSON body that is not UTF-8, or that spells a lone surrogate ("\ud800"), is a
 * 400 invalid_request; otherwise the body would reach the routes with U+FFFD in its place.
 */
export const wellFormedJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim();
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || !JSON_MEDIA.test(mediaType)) return next();
  // Uploads and raw email take no JSON and have no 1 MB body limit: never buffered here.
  if (c.req.path.startsWith('/api/v1/imports') || c.req.path === '/api/v1/inbound/email') return next();
  const text = strictUtf8(await c.req.arrayBuffer());
  if (text === null)
    throw new AppError('invalid_request', 'The request body is not valid UTF-8', {
      issues: [{ path: '(root)', message: 'is not valid UTF-8' }],
    });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return next(); // the route's validator answers "not valid JSON"
  }
  const path = lonePathIn(value);
  if (path !== null)
    throw invalidRequest([{ path, message: 'contains a lone surrogate (not valid Unicode)' }], 'The request body is not valid Unicode');
  return next();
};
