// The phone's address book (#42, ADR 028): an initial sync of the bench's 5 000-contact user as
// clients run it, and an incremental sync-collection with nothing changed. Server time is the
// sum of each answer's Server-Timing `total`; a streamed answer (PROPFIND Depth 1) is counted by
// its whole round trip, since its header is written before the stream ends.
import { parseServerTiming, round, summarise } from './measure.mjs';

const BOOK_SECONDS = 10;
const EMPTY_SYNC_MS = 20;

const multigetBody = (hrefs) =>
  `<?xml version="1.0" encoding="utf-8"?><C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/><C:address-data/></D:prop>${hrefs
    .map((h) => `<D:href>${h}</D:href>`)
    .join('')}</C:addressbook-multiget>`;
const syncBody = (token, props) =>
  `<?xml version="1.0" encoding="utf-8"?><D:sync-collection xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:sync-token>${token}</D:sync-token><D:sync-level>1</D:sync-level><D:prop>${props}</D:prop></D:sync-collection>`;
const PROPFIND_ETAGS =
  '<?xml version="1.0" encoding="UTF-8"?><A:propfind xmlns:A="DAV:"><A:prop><A:getetag/><A:getcontenttype/></A:prop></A:propfind>';

const hrefsOf = (xml) => [...xml.matchAll(/<d:href>([^<]+\.vcf)<\/d:href>/g)].map((m) => m[1]);
const tokenOf = (xml) => /<d:sync-token>([^<]*)<\/d:sync-token>/.exec(xml)?.[1] ?? '';

/** A DAV client of one user: every request's server time and round trip are added up. */
function client(url, auth) {
  const spent = { server: 0, roundTrip: 0, requests: 0 };
  async function request(method, path, body, headers = {}) {
    const start = performance.now();
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: auth, 'content-type': 'application/xml; charset=utf-8', ...headers },
      body,
    });
    const text = await res.text();
    const elapsed = performance.now() - start;
    if (res.status !== 207) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
    const streamed = !res.headers.get('content-length') && method === 'PROPFIND';
    const inside = streamed ? elapsed : (parseServerTiming(res.headers.get('server-timing')).total ?? elapsed);
    spent.server += inside;
    spent.roundTrip += elapsed;
    spent.requests++;
    return { text, inside };
  }
  return { request, spent };
}

async function multigetAll(c, hrefs, size) {
  for (let i = 0; i < hrefs.length; i += size) {
    const { text } = await c.request('REPORT', book, multigetBody(hrefs.slice(i, i + size)), { depth: '1' });
    if ((text.match(/BEGIN:VCARD/g) ?? []).length !== Math.min(size, hrefs.length - i)) throw new Error('A multiget lost cards');
  }
}

let book = '';

/** The figures of the DAV sync for the bench user `user` (a session of theirs makes the sync password). */
export async function measureDavSync(url, session, user, { runs = 40 } = {}) {
  const made = await fetch(`${url}/api/v1/app-passwords`, {
    method: 'POST',
    headers: { cookie: session.cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench iPhone' }),
  });
  if (!made.ok) throw new Error(`app-passwords answered ${made.status}: ${await made.text()}`);
  const { data } = await made.json();
  const auth = `Basic ${Buffer.from(`${user.email}:${data.password}`).toString('base64')}`;
  book = `/dav/addressbooks/${user.id}/kith/`;
  const results = [];
  const row = (name, spent, contacts) => ({
    name: `DAV initial sync, ${name} (${contacts} contacts, ${spent.requests} requests)`,
    unit: 's',
    median: round(spent.server / 1000),
    p95: round(spent.roundTrip / 1000),
    worst: round(spent.roundTrip / 1000),
    n: 1,
    budget: `< ${BOOK_SECONDS} s server`,
    pass: spent.server / 1000 < BOOK_SECONDS,
  });

  // iOS and Thunderbird: every ETag by PROPFIND Depth 1, then multigets (iOS asks ~50 at a time).
  const ios = client(url, auth);
  const listed = hrefsOf((await ios.request('PROPFIND', book, PROPFIND_ETAGS, { depth: '1' })).text);
  await multigetAll(ios, listed, 50);
  results.push(row('PROPFIND Depth 1 + multiget of 50', ios.spent, listed.length));

  // DAVx5: sync-collection from empty for the ETags (pages of 500, 507 to go on), then multiget of 10.
  const davx5 = client(url, auth);
  const hrefs = [];
  let token = '';
  for (;;) {
    const { text } = await davx5.request('REPORT', book, syncBody(token, '<D:getetag/>'), { depth: '1' });
    hrefs.push(...hrefsOf(text));
    token = tokenOf(text);
    if (!/507 Insufficient Storage/.test(text)) break;
  }
  await multigetAll(davx5, hrefs, 10);
  results.push(row('sync-collection from empty + multiget of 10', davx5.spent, hrefs.length));

  // Thunderbird with sync-collection, or a client asking for the cards in the sync itself.
  const whole = client(url, auth);
  let wholeToken = '';
  let cards = 0;
  for (;;) {
    const { text } = await whole.request('REPORT', book, syncBody(wholeToken, '<D:getetag/><C:address-data/>'), { depth: '1' });
    cards += (text.match(/BEGIN:VCARD/g) ?? []).length;
    wholeToken = tokenOf(text);
    if (!/507 Insufficient Storage/.test(text)) break;
  }
  results.push(row('sync-collection with the cards', whole.spent, cards));

  // The phone's sync every few minutes when nothing changed.
  const quiet = client(url, auth);
  const times = [];
  for (let i = 0; i < runs + 3; i++) {
    const { inside } = await quiet.request('REPORT', book, syncBody(token, '<D:getetag/>'), { depth: '1' });
    if (i >= 3) times.push(inside);
  }
  const stats = summarise(times);
  results.push({
    name: 'DAV incremental sync-collection, nothing changed',
    unit: 'ms',
    ...stats,
    budget: `p50 < ${EMPTY_SYNC_MS}`,
    pass: stats.median < EMPTY_SYNC_MS,
  });
  return results;
}
