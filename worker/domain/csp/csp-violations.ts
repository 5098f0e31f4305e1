import { AppError } from '../errors';

/** One blocked thing, as much as Kith keeps of it: never a query string, which may hold a secret. */
export interface CspViolation {
  directive: string;
  blocked: string;
  page: string;
}

const MAX_PER_REPORT = 10;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A URL cut to its origin and path, or the keyword browsers send instead ('inline', 'eval'). */
function withoutQuery(value: string): string {
  try {
    const url = new URL(value);
    return url.protocol === 'data:' || url.protocol === 'blob:' ? url.protocol : `${url.origin}${url.pathname}`.slice(0, 200);
  } catch {
    return value.slice(0, 40);
  }
}

function violation(directive: string, blocked: string, page: string): CspViolation {
  let path = '';
  try {
    path = new URL(page).pathname;
  } catch {
    path = '';
  }
  return { directive: directive.split(' ')[0]!.slice(0, 40), blocked: withoutQuery(blocked), page: path.slice(0, 200) };
}

/**
 * The violations in a report body, in either format browsers send: the older `report-uri`
 * one (`application/csp-report`, one `csp-report` object) or the Reporting API's
 * (`application/reports+json`, a list of reports of type `csp-violation`).
 */
export function cspViolationsOf(contentType: string, text: string): CspViolation[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError('invalid_request', 'The report is not valid JSON');
  }
  if (contentType === 'application/csp-report') {
    const report = (body as { 'csp-report'?: Record<string, unknown> } | null)?.['csp-report'];
    if (!report || typeof report !== 'object') throw new AppError('invalid_request', 'The report has no "csp-report" object');
    return [
      violation(
        str(report['effective-directive']) || str(report['violated-directive']),
        str(report['blocked-uri']),
        str(report['document-uri']),
      ),
    ];
  }
  if (!Array.isArray(body)) throw new AppError('invalid_request', 'The reports are not a list');
  return body
    .filter(
      (r): r is { type: string; body: Record<string, unknown> } =>
        r?.type === 'csp-violation' && typeof r.body === 'object' && r.body !== null,
    )
    .slice(0, MAX_PER_REPORT)
    .map((r) => violation(str(r.body.effectiveDirective), str(r.body.blockedURL), str(r.body.documentURL)));
}
