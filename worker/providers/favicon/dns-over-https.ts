/**
 * Resolves a host name before an untrusted URL is fetched, through DNS-over-HTTPS (a Worker
 * has no resolver of its own): the JSON API of RFC 8484 resolvers, A and AAAA records, as
 * Cloudflare's https://cloudflare-dns.com/dns-query answers it. See ADR 003.
 */
export interface DnsOverHttpsConfig {
  /** The resolver's endpoint (setting DNS_OVER_HTTPS_URL). */
  url: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** Every address the name resolves to, or null when it could not be resolved (any failure). */
export type Resolve = (host: string) => Promise<string[] | null>;

const RECORD_TYPES = { A: 1, AAAA: 28 } as const;

interface DnsJson {
  Status?: number;
  Answer?: { type?: number; data?: string }[];
}

const NOERROR = 0;
const NXDOMAIN = 3;

async function query(config: DnsOverHttpsConfig, host: string, type: keyof typeof RECORD_TYPES): Promise<string[] | null> {
  const url = new URL(config.url);
  url.searchParams.set('name', host);
  url.searchParams.set('type', type);
  try {
    const res = await (config.fetch ?? fetch)(url.toString(), { headers: { accept: 'application/dns-json' }, signal: config.signal });
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    const answer = (await res.json()) as DnsJson;
    if (answer.Status === NXDOMAIN) return [];
    if (answer.Status !== NOERROR) return null;
    // CNAMEs in the chain are skipped; the addresses at its end are what a fetch would reach.
    return (answer.Answer ?? []).filter((r) => r.type === RECORD_TYPES[type] && typeof r.data === 'string').map((r) => r.data!);
  } catch {
    return null;
  }
}

/** A resolver that asks once per name (A and AAAA together) and remembers the answer for its lifetime: one download. */
export function createDohResolver(config: DnsOverHttpsConfig): Resolve {
  const answers = new Map<string, Promise<string[] | null>>();
  return (host) => {
    const name = host.toLowerCase().replace(/\.$/, '');
    let answer = answers.get(name);
    if (!answer) {
      answer = Promise.all([query(config, name, 'A'), query(config, name, 'AAAA')]).then(([v4, v6]) => (v4 && v6 ? [...v4, ...v6] : null));
      answers.set(name, answer);
    }
    return answer;
  };
}
