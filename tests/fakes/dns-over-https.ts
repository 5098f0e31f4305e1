import { registerFake } from './fake-providers.ts';
import { scenarioStore } from './fake-scenarios.ts';

/**
 * A DNS-over-HTTPS resolver speaking the JSON API (application/dns-json) that Cloudflare's
 * https://cloudflare-dns.com/dns-query answers: GET /doh/dns-query?name=<host>&type=A|AAAA.
 * Test websites (*.test) resolve to a public address unless listed below.
 */
const store = scenarioStore('/doh');

const PUBLIC_V4 = '93.184.216.34';
type Records = { A?: string[]; AAAA?: string[]; CNAME?: string; status?: number; http?: number; raw?: string };

const NAMES: Record<string, Records> = {
  'loopback-dns.test': { A: ['127.0.0.1'] },
  'private-dns.test': { A: ['10.20.30.40'] },
  'v6-loopback-dns.test': { AAAA: ['::1'] },
  'mapped-dns.test': { AAAA: ['::ffff:127.0.0.1'] },
  // One public and one private address: a fetch may reach either, so it is refused.
  'mixed-dns.test': { A: [PUBLIC_V4, '192.168.1.10'] },
  'cname-metadata.test': { CNAME: 'metadata.cloud.example', A: ['169.254.169.254'] },
  'public-v6.test': { A: [PUBLIC_V4], AAAA: ['2606:4700::6810:84e5'] },
  'nxdomain.test': { status: 3 },
  'servfail.test': { status: 2 },
  'broken-resolver.test': { http: 502 },
  'garbage-resolver.test': { raw: '<html>not json</html>' },
};

const TYPES = { A: 1, AAAA: 28, CNAME: 5 } as const;

registerFake((req, body, res) => {
  if (!req.url?.startsWith('/doh/')) return false;
  if (store.handleControl(req, body, res)) return true;
  store.record(req, body);
  const url = new URL(req.url, 'http://fake');
  const name = (url.searchParams.get('name') ?? '').toLowerCase().replace(/\.$/, '');
  const type = url.searchParams.get('type') as 'A' | 'AAAA';
  if (url.pathname !== '/doh/dns-query' || !name || !(type in TYPES) || req.headers.accept !== 'application/dns-json') {
    res.writeHead(400, { 'content-type': 'text/plain' }).end('bad DoH query');
    return true;
  }
  const records: Records = NAMES[name] ?? (name.endsWith('.test') ? { A: [PUBLIC_V4] } : { status: 3 });
  if (records.http) return (res.writeHead(records.http, { 'content-type': 'text/plain' }).end('upstream failed'), true);
  if (records.raw) return (res.writeHead(200, { 'content-type': 'application/dns-json' }).end(records.raw), true);
  const answer = [
    ...(records.CNAME ? [{ name, type: TYPES.CNAME, TTL: 300, data: `${records.CNAME}.` }] : []),
    ...(records[type] ?? []).map((data) => ({ name: records.CNAME ?? name, type: TYPES[type], TTL: 300, data })),
  ];
  const json = {
    Status: records.status ?? 0,
    TC: false,
    RD: true,
    RA: true,
    AD: false,
    CD: false,
    Question: [{ name, type: TYPES[type] }],
    ...(answer.length ? { Answer: answer } : {}),
  };
  res.writeHead(200, { 'content-type': 'application/dns-json' }).end(JSON.stringify(json));
  return true;
});
