import type { Deps } from '../deps';
import { clientAddress } from '../auth/client-address';
import { insertAuditEntry } from './audit-queries';
import { isAlerted, SECURITY_ACTION_PREFIX, type SecurityEventDetail, type SecurityEventKind } from './security-event-kinds';

export type { SecurityEventDetail, SecurityEventKind } from './security-event-kinds';

const TEXT_MAX = 80;

/** "203.0.113.7" -> "203.0.113.x"; an IPv6 address keeps its first three groups. */
export function maskAddress(address: string): string | undefined {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return address.replace(/\.\d{1,3}$/, '.x');
  if (address.includes(':')) return `${address.split(':').slice(0, 3).join(':')}:…`;
  return undefined;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iOS/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Mozilla/5.0 (X11; Linux x86_64) … Firefox/133.0" -> "Firefox on Linux": a device, not a fingerprint. */
export function deviceLabel(userAgent: string | null): string | undefined {
  if (!userAgent) return undefined;
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'an unrecognised app';
}

/** The device and masked address a request came from, for an event it caused. */
export function requestDetail(request: Request): SecurityEventDetail {
  const address = maskAddress(clientAddress(request));
  return { device: deviceLabel(request.headers.get('user-agent')), ...(address ? { address } : {}) };
}

/** Only the declared fields, each cut short: whatever a caller passes, no secret rides along. */
function cleaned(detail: SecurityEventDetail): SecurityEventDetail {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, TEXT_MAX) : undefined);
  const out: SecurityEventDetail = {
    device: text(detail.device),
    address: text(detail.address),
    name: text(detail.name),
    scopes: Array.isArray(detail.scopes) ? detail.scopes.slice(0, 10).map((s) => String(s).slice(0, 40)) : undefined,
    format: text(detail.format),
    count: typeof detail.count === 'number' && Number.isFinite(detail.count) ? detail.count : undefined,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as SecurityEventDetail;
}

/**
 * Records a security event in the user's activity log (Settings → Activity log) and, for the
 * important ones (SECURITY_EVENTS' `alert`), queues an email to the owner. The one hook for
 * every way in and every secret the account hands out: sign-ins, passwords, two-factor, tokens,
 * feeds, exports, app passwords, passkeys. It runs after the action succeeded and never undoes
 * it: a failure to record is logged (without the detail) rather than thrown at the user.
 */
export async function recordSecurityEvent(
  deps: Pick<Deps, 'store' | 'jobs'>,
  kind: SecurityEventKind,
  detail: SecurityEventDetail = {},
): Promise<void> {
  const data = cleaned(detail);
  try {
    const id = await insertAuditEntry(deps.store, `${SECURITY_ACTION_PREFIX}${kind}`, 'account', null, data);
    if (isAlerted(kind, data)) await deps.jobs.send({ type: 'send_security_alert', user_id: deps.store.userId, event_id: id });
  } catch (error) {
    console.error(`Security event ${kind} not recorded:`, error instanceof Error ? error.message : String(error));
  }
}
