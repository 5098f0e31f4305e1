import { Hono } from 'hono';
import { errorResponse } from './api/error-envelope';
import { createDb } from './db/client';
import { clientAddress } from './domain/auth/client-address';
import { hitRateLimit } from './domain/auth/rate-limit';
import { cspViolationsOf } from './domain/csp/csp-violations';
import { AppError } from './domain/errors';
import type { Env } from './env';
import { readCapped } from './read-capped';
import { CSP_REPORT_PATH } from './security-headers';

const REPORT_TYPES = new Set(['application/csp-report', 'application/reports+json']);
const MAX_REPORT_BYTES = 16 * 1024;
// A page that breaks the policy reports each blocked thing: a source gets a burst, not a flood.
const REPORTS_PER_SOURCE = 60;
const WINDOW_SECONDS = 10 * 60;

/**
 * Where browsers send what the page CSP blocked (worker/security-headers.ts): each violation
 * becomes one log line, so an operator sees a broken page or an injection attempt. Sent
 * without credentials by any browser, so capped in size and rate-limited per source.
 */
export const cspReports = new Hono<{ Bindings: Env }>()
  .onError((error, c) => errorResponse(c, error))
  .post(CSP_REPORT_PATH, async (c) => {
    const contentType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!REPORT_TYPES.has(contentType)) {
      throw new AppError('unsupported_media_type', 'A report is application/csp-report or application/reports+json');
    }
    await hitRateLimit(
      createDb(c.env.DB),
      `csp-report:${clientAddress(c.req.raw)}`,
      REPORTS_PER_SOURCE,
      WINDOW_SECONDS,
      'Too many reports',
    );
    const bytes = c.req.raw.body ? await readCapped(c.req.raw.body, MAX_REPORT_BYTES) : new Uint8Array();
    if (!bytes) throw new AppError('payload_too_large', `A report is at most ${MAX_REPORT_BYTES / 1024} KB`);
    for (const v of cspViolationsOf(contentType, new TextDecoder().decode(bytes))) {
      console.warn(`csp violation: ${v.directive} blocked ${v.blocked || '(nothing named)'} on ${v.page || '(unknown page)'}`);
    }
    return c.body(null, 204);
  })
  .all(CSP_REPORT_PATH, () => {
    throw new AppError('invalid_request', 'Reports are sent with POST');
  });
