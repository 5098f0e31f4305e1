import type { Settings } from '../../env';
import { createDohResolver } from '../../providers/favicon/dns-over-https';
import { isIpLiteral, isPublicAddress, isPublicUrl } from '../../providers/favicon/public-address';
import { isAllowedPrivateHost } from './allowed-private-hosts';

/**
 * Whether a webhook may be sent to `url`: the favicon guard's rules (ADR 003), the host as
 * written and then every address its name resolves to (DNS-over-HTTPS), must be public.
 * Only a host of ALLOWED_PRIVATE_HOSTS passes without them, and only it may be plain http.
 * Checked when an endpoint is saved and again before every attempt (a name may move).
 * Null when it may; else why not, in words for the user.
 */
export async function webhookUrlRefusal(
  url: URL,
  settings: Pick<Settings, 'ALLOWED_PRIVATE_HOSTS' | 'DNS_OVER_HTTPS_URL'>,
  signal?: AbortSignal,
  /** Who is refused, in the messages ("webhooks", "Monica imports"). */
  who = 'webhooks',
): Promise<string | null> {
  if (url.username || url.password) return 'The address must not carry a user name or password';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The address must start with https://';
  if (isAllowedPrivateHost(url, settings.ALLOWED_PRIVATE_HOSTS)) return null;
  if (url.protocol !== 'https:') return 'The address must start with https://';
  if (!isPublicUrl(url)) return `The address is on a private network or an unusual port, which ${who} may not reach`;
  if (isIpLiteral(url.hostname)) return null;
  const resolve = createDohResolver({ url: settings.DNS_OVER_HTTPS_URL, signal });
  const addresses = await resolve(url.hostname);
  if (addresses === null) return "The address's name could not be looked up";
  if (addresses.length === 0) return "The address's name does not exist";
  if (!addresses.every(isPublicAddress)) return `The address's name points to a private network, which ${who} may not reach`;
  return null;
}
