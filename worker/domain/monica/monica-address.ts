import type { Settings } from '../../env';
import { AppError } from '../errors';
import { webhookUrlRefusal } from '../webhooks/webhook-address';

/**
 * The instance's API root from what the user typed: "monica.example.com", "https://app.monicahq.com"
 * or the API's own address ("…/api"); https is assumed when no scheme is given.
 */
export function monicaApiRoot(typed: string): URL {
  const text = typed.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    throw new AppError('invalid_request', 'The instance address is not a web address (e.g. https://app.monicahq.com)', {
      issues: [{ path: 'url', message: 'must be a web address' }],
    });
  }
  url.search = '';
  url.hash = '';
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api$/, '');
  url.pathname = `${path}/api`;
  return url;
}

/**
 * A user-given address is reached under the webhooks' rules (ADR 030): public https only, unless
 * the operator listed the host in ALLOWED_PRIVATE_HOSTS. Checked when the import starts and again
 * at every run of its job (a name may move).
 */
export async function monicaAddressRefusal(
  url: URL,
  settings: Pick<Settings, 'ALLOWED_PRIVATE_HOSTS' | 'DNS_OVER_HTTPS_URL'>,
): Promise<string | null> {
  return webhookUrlRefusal(url, settings, undefined, 'Monica imports');
}
