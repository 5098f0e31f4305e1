import { registerFake } from './fake-providers.ts';
import { answerSlowly, scenarioStore } from './fake-scenarios.ts';

/**
 * Fake Apollo People Enrichment (POST /api/v1/people/match, key in `x-api-key`), speaking
 * its wire format: `{ person: {...} }`, `{ person: null }` for no match, 401 for a bad key,
 * 429 with Retry-After. Unless a scenario says otherwise, anyone looked up by email or
 * LinkedIn URL matches a person derived from it, so local runs and E2E see a plausible answer.
 */
export const FAKE_APOLLO_KEY = 'test-apollo-key';
const store = scenarioStore('/apollo');

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();

function defaultPerson(lookup: { email?: string; linkedin_url?: string }) {
  const local = (lookup.email?.split('@')[0] ?? lookup.linkedin_url?.match(/\/in\/([^/?#]+)/)?.[1] ?? 'someone').replace(
    /[^a-z0-9.-]/gi,
    '',
  );
  const [first = 'Sam', last = 'Doe'] = local.split(/[.-]/);
  const digits = [...local].reduce((n, ch) => (n * 31 + ch.charCodeAt(0)) % 10_000_000, 7);
  return {
    id: `5f${digits}`,
    first_name: capitalize(first),
    last_name: capitalize(last),
    name: `${capitalize(first)} ${capitalize(last)}`,
    title: 'VP Engineering',
    headline: 'VP Engineering at Initech',
    email: lookup.email ?? `${local}@initech.example`,
    email_status: 'verified',
    linkedin_url: lookup.linkedin_url ?? `http://www.linkedin.com/in/${local}-apollo`,
    twitter_url: `https://twitter.com/${local.replace(/[^a-z0-9]/gi, '_').slice(0, 15)}`,
    photo_url: 'https://media.licdn.com/dms/image/fake/profile.jpg',
    city: 'Berlin',
    state: 'Berlin',
    country: 'Germany',
    organization_id: '54a1',
    organization: { id: '54a1', name: 'Initech', website_url: 'http://www.initech.example', primary_domain: 'initech.example' },
    phone_numbers: [
      {
        raw_number: `+49 30 ${String(digits).padStart(7, '0')}`,
        sanitized_number: `+4930${String(digits).padStart(7, '0')}`,
        type: 'work_direct',
        position: 0,
      },
    ],
  };
}

registerFake(async (req, body, res) => {
  if (!req.url?.startsWith('/apollo/')) return false;
  if (store.handleControl(req, body, res)) return true;
  const url = new URL(req.url, 'http://fake');
  if (req.method !== 'POST' || url.pathname !== '/apollo/api/v1/people/match') return false;
  store.record(req, body);
  const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
  };
  if (req.headers['x-api-key'] !== FAKE_APOLLO_KEY) {
    send(401, { error: 'Invalid access credentials.', error_code: 'INVALID_API_KEY' });
    return true;
  }
  let lookup: { email?: string; linkedin_url?: string };
  try {
    lookup = { ...Object.fromEntries(url.searchParams), ...(body ? JSON.parse(body) : {}) };
  } catch {
    send(422, { error: 'Invalid JSON' });
    return true;
  }
  const scenario = store.find(body);
  if (scenario) {
    if (await answerSlowly(res, scenario, scenario.status ?? 200, JSON.stringify({ person: scenario.json ?? defaultPerson(lookup) })))
      return true;
    if (res.destroyed) return true;
    if (scenario.raw !== undefined) {
      res.writeHead(scenario.status ?? 200, { 'content-type': 'text/html', ...scenario.headers });
      res.end(scenario.raw);
    } else if (scenario.status && scenario.status !== 200) {
      send(scenario.status, scenario.json ?? { error: 'Something went wrong' }, scenario.headers);
    } else {
      send(200, { person: scenario.json ?? null }, scenario.headers);
    }
    return true;
  }
  send(200, { person: defaultPerson(lookup) });
  return true;
});
