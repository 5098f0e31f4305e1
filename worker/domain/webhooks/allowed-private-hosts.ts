/**
 * ALLOWED_PRIVATE_HOSTS: the hosts a webhook may reach although they are private (a
 * self-hosted Kith whose tools live on the same network), as `host` (any port) or
 * `host:port`, comma-separated. A malformed entry throws: the setting is checked when the
 * settings are first read, so a Worker with a typo fails at its first request rather than
 * quietly refusing (or allowing) the wrong host.
 */
export interface AllowedHost {
  /** Lower-case; an IPv6 address keeps its brackets, as URL.hostname gives it. */
  host: string;
  /** null: any port. */
  port: number | null;
}

const NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const V6 = /^\[[0-9a-f:.]+\]$/;

function parseEntry(entry: string): AllowedHost {
  const text = entry.toLowerCase();
  const match = /^(\[[^\]]*\]|[^:]+)(?::(\d{1,5}))?$/.exec(text);
  const host = match?.[1];
  const port = match?.[2] === undefined ? null : Number(match[2]);
  if (!host || !(NAME.test(host) || V6.test(host)) || (port !== null && (port < 1 || port > 65_535))) {
    throw new Error(`ALLOWED_PRIVATE_HOSTS: "${entry}" is not a host or host:port (e.g. "n8n.lan" or "10.0.0.5:5678")`);
  }
  // URL.hostname writes IPv6 in its shortest form; compare in that form.
  const canonical = V6.test(host) ? new URL(`http://${host}/`).hostname : host;
  return { host: canonical, port };
}

export function parseAllowedPrivateHosts(value: string | undefined): AllowedHost[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(parseEntry);
}

const defaultPort = (url: URL) => (url.protocol === 'https:' ? 443 : 80);

/** True when `url`'s host (and port, when the entry names one) is listed. */
export function isAllowedPrivateHost(url: URL, allowed: readonly AllowedHost[]): boolean {
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  const port = url.port ? Number(url.port) : defaultPort(url);
  return allowed.some((entry) => entry.host === host && (entry.port === null || entry.port === port));
}
