import { registerFake } from './fake-providers.ts';

/**
 * A Web Push service (RFC 8030), as FCM, Mozilla's autopush or Apple's is to a browser: a
 * subscription's endpoint is POST /push/<key>; the fake records each message (headers and the
 * encrypted body, base64) and answers 201 Created, or as the test steered the key (404 and 410:
 * the subscription is gone; 500 for the first `failures` messages). POST /push/__steer
 * {key, status, failures?} steers; GET /push/__received?key= lists what came in.
 */
interface Steering {
  status: number;
  failures?: number;
}

const received = new Map<string, { headers: Record<string, string | string[] | undefined>; body: string }[]>();
const steering = new Map<string, Steering>();

registerFake((req, body, res, raw) => {
  const url = new URL(req.url ?? '/', 'http://fake');
  if (!url.pathname.startsWith('/push/')) return false;
  if (req.method === 'POST' && url.pathname === '/push/__steer') {
    const { key, ...rule } = JSON.parse(body) as Steering & { key: string };
    steering.set(key, rule);
    res.writeHead(204).end();
    return true;
  }
  if (req.method === 'GET' && url.pathname === '/push/__received') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received.get(url.searchParams.get('key') ?? '') ?? []));
    return true;
  }
  const key = url.pathname.slice('/push/'.length);
  const list = received.get(key) ?? [];
  list.push({ headers: req.headers, body: raw.toString('base64') });
  received.set(key, list);
  const rule = steering.get(key);
  if (rule && (rule.failures === undefined || list.length <= rule.failures)) {
    res.writeHead(rule.status, { 'content-type': 'text/plain' }).end(`push service says ${rule.status}`);
    return true;
  }
  res.writeHead(201, { location: `${url.pathname}/messages/${list.length}` }).end();
  return true;
});
