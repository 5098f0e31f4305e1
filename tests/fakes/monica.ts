import { registerFake } from './fake-providers.ts';

/**
 * A Monica instance (v4 API), written from its documentation and resources: each test seeds
 * its own instance under /monica/<key> with POST /monica/__seed {key, token, lists, faults?},
 * and Kith reaches it at <fake>/monica/<key>/api. Lists answer Monica's paged envelope
 * {data, links, meta} for ?page=&limit= (limit at most 100, as Monica caps it); /contacts
 * lists real contacts only (partial ones appear inside relationships), and carries the
 * contact fields only with ?with=contactfields. A wrong bearer token is 401 with Monica's
 * error body. `faults` answers a list's requests with a status (429 with Retry-After, 5xx)
 * for the first `times` requests; a fault with `pad` (bytes) instead answers the list as usual
 * with a `padding` field that long in front, written in 1 MB pieces (a hostile instance's
 * endless answer). GET /monica/__log?key= lists the requests received.
 * Photos (/photos) carry their bytes inline as Monica's Photo resource does (`dataUrl`);
 * documents (/documents) name theirs by `link`, the instance's storage route, which this fake
 * serves at /monica/<key>/store/<path> from the seed's `files` ({ path: {type, base64} }),
 * behind the same bearer token as the API (401 without it, 404 for a path it does not hold).
 * With `storeDelayMs` each stored file answers after that long, and GET /monica/__in-flight?key=
 * answers the most file requests it was serving at once.
 */
interface Fault {
  list: string;
  status: number;
  times: number;
  retryAfter?: number;
  pad?: number;
}
interface Instance {
  token: string;
  lists: Record<string, Record<string, unknown>[]>;
  files?: Record<string, { type: string; base64: string }>;
  faults: Fault[];
  log: string[];
  storeDelayMs?: number;
  inFlight: number;
  mostInFlight: number;
}

const instances = new Map<string, Instance>();

const send = (res: import('node:http').ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

registerFake((req, body, res) => {
  const url = new URL(req.url ?? '/', 'http://fake');
  if (!url.pathname.startsWith('/monica/')) return false;
  if (req.method === 'POST' && url.pathname === '/monica/__seed') {
    const { key, token, lists, files = {}, faults = [], storeDelayMs } = JSON.parse(body) as Instance & { key: string };
    instances.set(key, { token, lists, files, faults, log: [], storeDelayMs, inFlight: 0, mostInFlight: 0 });
    send(res, 200, { ok: true });
    return true;
  }
  if (req.method === 'GET' && url.pathname === '/monica/__log') {
    send(res, 200, instances.get(url.searchParams.get('key') ?? '')?.log ?? []);
    return true;
  }
  if (req.method === 'GET' && url.pathname === '/monica/__in-flight') {
    send(res, 200, { most: instances.get(url.searchParams.get('key') ?? '')?.mostInFlight ?? 0 });
    return true;
  }
  const stored = /^\/monica\/([^/]+)\/store\/(.+)$/.exec(url.pathname);
  if (stored) {
    const instance = instances.get(stored[1]!);
    instance?.log.push(`${req.method} /store/${stored[2]}`);
    const file = instance?.files?.[decodeURIComponent(stored[2]!)];
    const answer = () => {
      if (!instance || req.headers.authorization !== `Bearer ${instance.token}`) send(res, 401, { message: 'Unauthenticated.' });
      else if (!file) send(res, 404, { message: 'Not Found' });
      else res.writeHead(200, { 'content-type': file.type }).end(Buffer.from(file.base64, 'base64'));
    };
    if (!instance?.storeDelayMs) answer();
    else {
      instance.mostInFlight = Math.max(instance.mostInFlight, ++instance.inFlight);
      setTimeout(() => {
        instance.inFlight--;
        answer();
      }, instance.storeDelayMs);
    }
    return true;
  }
  const match = /^\/monica\/([^/]+)\/api\/([a-z]+)$/.exec(url.pathname);
  const instance = match ? instances.get(match[1]!) : undefined;
  if (!match || !instance) {
    send(res, 404, { error: { message: 'The resource has not been found', error_code: 31 } });
    return true;
  }
  const list = match[2]!;
  instance.log.push(`${req.method} /api/${list}${url.search}`);
  if (req.headers.authorization !== `Bearer ${instance.token}`) {
    send(res, 401, { error: { message: 'Unauthenticated.', error_code: 42 } });
    return true;
  }
  const fault = instance.faults.find((f) => f.list === list && f.times > 0);
  const pad = fault?.pad;
  if (fault && pad) fault.times--;
  else if (fault) {
    fault.times--;
    send(
      res,
      fault.status,
      { error: { message: fault.status === 429 ? 'Too Many Attempts.' : 'Server Error' } },
      fault.retryAfter ? { 'retry-after': String(fault.retryAfter) } : {},
    );
    return true;
  }
  const all = instance.lists[list] ?? [];
  const rows = list === 'contacts' ? all.filter((c) => !c.is_partial) : all;
  const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 15)));
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  const lastPage = Math.max(1, Math.ceil(rows.length / limit));
  const withFields = url.searchParams.get('with') === 'contactfields';
  const data = rows
    .slice((page - 1) * limit, page * limit)
    .map((row) => (list === 'contacts' && !withFields ? { ...row, contactFields: undefined } : row));
  const base = `${url.origin}${url.pathname}`;
  const answer = {
    data,
    links: {
      first: `${base}?page=1`,
      last: `${base}?page=${lastPage}`,
      prev: page > 1 ? `${base}?page=${page - 1}` : null,
      next: page < lastPage ? `${base}?page=${page + 1}` : null,
    },
    meta: {
      current_page: page,
      from: data.length ? (page - 1) * limit + 1 : null,
      last_page: lastPage,
      path: base,
      per_page: limit,
      to: data.length ? (page - 1) * limit + data.length : null,
      total: rows.length,
    },
  };
  if (pad) sendPadded(res, answer, pad);
  else send(res, 200, answer);
  return true;
});

function sendPadded(res: import('node:http').ServerResponse, answer: object, bytes: number) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"padding":"');
  const piece = 'x'.repeat(1024 * 1024);
  for (let left = bytes; left > 0 && !res.destroyed; left -= piece.length) res.write(left >= piece.length ? piece : piece.slice(0, left));
  res.end(`",${JSON.stringify(answer).slice(1)}`);
}
