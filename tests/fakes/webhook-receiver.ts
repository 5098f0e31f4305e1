import { registerFake } from './fake-providers.ts';

/**
 * A receiver of Kith's webhooks, as an automation tool's endpoint is: POST /hooks/<key>
 * records the request (headers and raw body) and answers as the test steered that key:
 * 200 by default, or `status` for the first `failures` requests (all of them when
 * `failures` is omitted). POST /hooks/__steer {key, status, failures?} steers;
 * GET /hooks/__received?key= lists what came in for a key.
 */
interface Steering {
  status: number;
  failures?: number;
  /** Sent as the Location header (a redirect Kith must not follow). */
  location?: string;
}

const received = new Map<string, { headers: Record<string, string | string[] | undefined>; body: string }[]>();
const steering = new Map<string, Steering>();

registerFake((req, body, res) => {
  const url = new URL(req.url ?? '/', 'http://fake');
  if (!url.pathname.startsWith('/hooks/')) return false;
  if (req.method === 'POST' && url.pathname === '/hooks/__steer') {
    const { key, ...rule } = JSON.parse(body) as Steering & { key: string };
    steering.set(key, rule);
    res.writeHead(204).end();
    return true;
  }
  if (req.method === 'GET' && url.pathname === '/hooks/__received') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received.get(url.searchParams.get('key') ?? '') ?? []));
    return true;
  }
  const key = url.pathname.slice('/hooks/'.length);
  const list = received.get(key) ?? [];
  list.push({ headers: req.headers, body });
  received.set(key, list);
  const rule = steering.get(key);
  if (rule && (rule.failures === undefined || list.length <= rule.failures)) {
    const headers = { 'content-type': 'text/plain', ...(rule.location ? { location: rule.location } : {}) };
    res.writeHead(rule.status, headers).end(`receiver says no (${rule.status})`);
    return true;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
  return true;
});
