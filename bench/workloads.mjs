// The figures measured through the real Worker over HTTP.
import { DatabaseSync } from 'node:sqlite';
import { BENCH_PASSWORD, BENCH_USERS } from './generate.mjs';
import { measureRequest, round } from './measure.mjs';
import { photosVcard } from './vcard-file.mjs';

const WORLD = '-180,-85,180,85';
const COUNTRY = '-10.5,35.5,3.5,44'; // Spain and Portugal
const CITY = '-0.35,51.4,0.1,51.6'; // London

function budgetRow(name, stats, budget) {
  const pass = stats.median < budget.p50 && (budget.p95 === undefined || stats.p95 < budget.p95);
  const label = budget.p95 === undefined ? `p50 < ${budget.p50}` : `p50 < ${budget.p50}, p95 < ${budget.p95}`;
  return { name, unit: 'ms', ...stats, budget: label, pass };
}

function csvField(value) {
  return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A LinkedIn Connections.csv export: preamble, header, `rows` connections over `locations` cities. */
function connectionsCsv(rows) {
  const lines = [
    'Notes:',
    '"When exporting your connection data, you may notice that some of the email addresses are missing."',
    '',
    'First Name,Last Name,URL,Email Address,Company,Position,Connected On',
  ];
  for (let i = 0; i < rows; i++) {
    lines.push(
      [
        `Import${i}`,
        `Person${i % 997}`,
        `https://www.linkedin.com/in/import-person-${i}`,
        i % 3 ? `import${i}@example.net` : '',
        `Company ${i % 700}`,
        'Engineer',
        '01 Feb 2024',
      ]
        .map(csvField)
        .join(','),
    );
  }
  return lines.join('\n');
}

async function importFile(url, headers, path, fileName, text, mapping) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), fileName);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  const start = performance.now();
  const started = await fetch(`${url}${path}`, { method: 'POST', headers: { ...headers, origin: url }, body: form });
  if (!started.ok) throw new Error(`${path} answered ${started.status}: ${await started.text()}`);
  const importId = (await started.json()).data.import_id;
  let status;
  do {
    await new Promise((r) => setTimeout(r, 250));
    status = (await (await fetch(`${url}/api/v1/imports/${importId}`, { headers })).json()).data;
  } while (status.status === 'queued' || status.status === 'running');
  return { ms: performance.now() - start, start, status };
}

/** Milliseconds from `since` until Home reports no deleted contacts left to purge. */
async function purgeFinished(url, headers, since) {
  for (;;) {
    const home = await (await fetch(`${url}/api/v1/home`, { headers })).json();
    if (home.data.jobs.purge_pending === 0) return round(performance.now() - since);
    if (performance.now() - since > 300_000)
      throw new Error(`the purge still had ${home.data.jobs.purge_pending} contacts after 5 minutes`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The located import's header and mapping: names, an email and a place. */
export const LOCATED_MAPPING = { 'First Name': 'first_name', 'Last Name': 'last_name', Email: 'emails', Location: 'location' };

/** The cells of `rows` new people spread over the bench's real city strings. */
export function locatedRows(rows, locations) {
  return Array.from({ length: rows }, (_, i) => [
    `Geo${i}`,
    `Person${i % 991}`,
    `geo${i}@example.org`,
    locations[i % locations.length].name,
  ]);
}

/** A plain CSV of `rows` new people spread over the bench's real city strings. */
function locatedCsv(rows, locations) {
  return [Object.keys(LOCATED_MAPPING).join(','), ...locatedRows(rows, locations).map((cells) => cells.map(csvField).join(','))].join('\n');
}

/** 250000 -> "250 000", as the figures' names write counts. */
export const groupDigits = (n) => n.toLocaleString('en').replaceAll(',', ' ');

const LIST_BUDGET = { p50: 30, p95: 80 };

/** The contact list: the first page, every sort, every filter ([figure, path]). */
export const LIST_QUERIES = [
  ['list: first page, no query', '/api/v1/contacts'],
  ...['name', '-score', 'score', '-created_at', 'created_at', '-last_interaction_at'].map((sort) => [
    `list: sort ${sort}`,
    `/api/v1/contacts?sort=${sort}`,
  ]),
  ['list: filter tag', '/api/v1/contacts?tag=investor'],
  ['list: filter source', '/api/v1/contacts?source=linkedin'],
  ['list: filter score range', '/api/v1/contacts?score_min=4&score_max=6'],
  ['list: filter priority', '/api/v1/contacts?priority=high'],
  // A filter beside another order's index (bench/list-matrix.ts has every pair).
  ['list: score range sorted by name', '/api/v1/contacts?score_min=4&score_max=6&sort=name'],
  ['list: combined filters', '/api/v1/contacts?tag=founder&source=csv&score_min=2&priority=medium&sort=name'],
];

const SEARCH_TERMS = [
  ['1 char', 'm'],
  ['3 chars', 'mar'],
  ['8 chars', 'lovelace'],
  ['handle with @', '@ada_lovelace1'],
  ['company name', 'quantum'],
  ['no hit', 'zzqxwv'],
  ['place', 'berlin'],
  ['tag word', 'investor'],
  ['phone digits', '(415) 100-2345'],
  ['typo, corrected', 'lovelase'],
  ['typo in two words', 'ada lovelase'],
];

export const SEARCHES = SEARCH_TERMS.map(([label, q]) => [`search: ${label} "${q}"`, `/api/v1/contacts?q=${encodeURIComponent(q)}`]);

/** [view, bbox, zoom]: each gives a `map pins:` and a `map clusters:` figure. */
export const MAP_VIEWS = [
  ['world', WORLD, 1],
  ['country', COUNTRY, 5],
  ['city', CITY, 10],
];

async function measureBudgeted(url, headers, runs, queries) {
  const results = [];
  for (const [name, path] of queries)
    results.push(budgetRow(name, (await measureRequest(url, path, { headers, runs })).inside, LIST_BUDGET));
  return results;
}

/** The contact list's figures, each request `runs` times. */
export function measureList(url, headers, runs) {
  console.log('Measuring the contact list…');
  return measureBudgeted(url, headers, runs, LIST_QUERIES);
}

/** The search figures: one letter to a misspelt name, a handle, a phone, a place, a tag. */
export function measureSearch(url, headers, runs) {
  console.log('Measuring search…');
  return measureBudgeted(url, headers, runs, SEARCHES);
}

/** Pins and clusters of a world, a country and a city view, for the map user (`geocoded` contacts). */
export async function measureMap(url, headers, runs, geocoded) {
  console.log(`Measuring the map (${groupDigits(geocoded)} geocoded contacts)…`);
  const results = [];
  for (const [label, bbox, zoom] of MAP_VIEWS) {
    const pins = await measureRequest(url, `/api/v1/contacts/map?bbox=${bbox}`, { headers, runs });
    results.push(budgetRow(`map pins: ${label}`, pins.inside, { p50: 50 }));
    const clusters = await measureRequest(url, `/api/v1/contacts/map/clusters?bbox=${bbox}&zoom=${zoom}`, { headers, runs });
    results.push(budgetRow(`map clusters: ${label}`, clusters.inside, { p50: 50 }));
  }
  return results;
}

/**
 * The busy contact's page (5 000 interactions) from the server, its timeline's first page, and
 * the map page of the map user (`mapContacts` geocoded contacts).
 */
export async function measureServerPages(url, headers, busyContact, runs, mapHeaders, mapContacts = 100_000) {
  console.log('Measuring the contact page and the map page…');
  const page = await measureRequest(url, `/contacts/${busyContact}`, { headers, runs });
  const timeline = await measureRequest(url, `/api/v1/contacts/${busyContact}/timeline?limit=50`, { headers, runs });
  const map = await measureRequest(url, '/map', { headers: mapHeaders, runs });
  return [
    budgetRow(`map page SSR (${groupDigits(mapContacts)} geocoded contacts)`, map.inside, { p50: 50 }),
    // Inside the Worker (Server-Timing total; the header also names each read and the render),
    // and the whole answer's round trip beside it.
    budgetRow('contact page SSR (5 000 interactions)', page.inside, { p50: 30 }),
    { name: 'contact page, whole answer (round trip)', unit: 'ms', ...page.roundTrip },
    { name: 'timeline first page (5 000 interactions)', unit: 'ms', ...timeline.inside },
  ];
}

/** `searchOnly` (`npm run bench -- --search`) measures the list, search and duplicates and stops: a quick loop for search work. */
export async function runWorkloads({ url, session, sqliteFile, mapbox, quick, searchOnly, busyContact, locations }) {
  const runs = quick ? 10 : 40;
  const main = { cookie: session('main').cookie };
  const map = { cookie: session('map').cookie };
  const results = [];
  const measureDuplicates = async () => {
    console.log('Measuring duplicate detection…');
    // A common name at 50 000 contacts: the name, nickname and spelling ranges all have rows.
    const dupes = await measureRequest(url, `/api/v1/contacts/${busyContact}/duplicates`, { headers: main, runs });
    results.push(budgetRow('duplicates of one contact', dupes.inside, LIST_BUDGET));
    const dupesPage = await measureRequest(url, `/contacts/${busyContact}/duplicates`, { headers: main, runs });
    results.push(budgetRow('duplicates review page (SSR)', dupesPage.inside, { p50: 60 }));
  };

  results.push(...(await measureList(url, main, runs)));
  results.push(...(await measureSearch(url, main, runs)));
  if (searchOnly) {
    await measureDuplicates();
    return results;
  }

  results.push(...(await measureMap(url, map, runs, BENCH_USERS.map.contacts)));

  results.push(...(await measureServerPages(url, main, busyContact, runs, map)));

  await measureDuplicates();

  results.push(...(await measureBulkActions(url, main, busyContact)));

  results.push(...(await measureImports({ url, main, sqliteFile, mapbox, quick, locations })));

  console.log('Deleting the other account…');
  const other = session('other');
  const leaving = { ...other, 'content-type': 'application/json' };
  const accountStart = performance.now();
  const gone = await fetch(`${url}/api/v1/me`, {
    method: 'DELETE',
    headers: leaving,
    body: JSON.stringify({ confirm_email: BENCH_USERS.other.email, password: BENCH_PASSWORD }),
  });
  if (!gone.ok) throw new Error(`deleting the other account answered ${gone.status}: ${await gone.text()}`);
  results.push({
    name: 'account: delete one of 5 000 contacts and 500 organizations',
    unit: 'ms',
    median: round(performance.now() - accountStart),
  });
  return results;
}

/**
 * Bulk tag, the 2nd-tier delete and a bulk delete of 10 000, each delete followed by the purge
 * of its interactions (`npm run bench -- --purge` runs only these, on a fresh dataset).
 */
export async function measureBulkActions(url, main, busyContact) {
  const results = [];
  console.log('Measuring bulk actions…');
  const write = { ...main, origin: url, 'content-type': 'application/json' };
  const ids = (await (await fetch(`${url}/api/v1/contacts/ids?sort=name`, { headers: main })).json()).data.ids;
  const tagStart = performance.now();
  const tagged = await fetch(`${url}/api/v1/contacts/bulk`, {
    method: 'POST',
    headers: write,
    body: JSON.stringify({ ids: ids.slice(0, 1000), action: 'add_tags', value: ['bench'] }),
  });
  if (!tagged.ok) throw new Error(`bulk tag answered ${tagged.status}`);
  results.push({ name: 'bulk: tag 1 000 contacts', unit: 'ms', median: round(performance.now() - tagStart) });

  const secondTierStart = performance.now();
  const secondTier = await fetch(`${url}/api/v1/contacts/2nd-tier`, { method: 'DELETE', headers: write });
  const deletedTier = (await secondTier.json()).data?.deleted_count;
  results.push({
    name: 'bulk: delete the 2nd-tier set',
    unit: 'ms',
    median: round(performance.now() - secondTierStart),
    note: `${deletedTier} contacts`,
  });
  // The interactions of deleted contacts are purged by the queue right after (ADR 010). The
  // next figure waits for that, so it measures a delete, not a delete sharing D1 with a purge.
  results.push({
    name: 'purge: interactions of the 2nd-tier set',
    unit: 'ms',
    median: await purgeFinished(url, main, secondTierStart),
    note: 'in the background, from the delete request',
  });

  // Fetched again: the 2nd-tier delete above removed some of the first list.
  const remaining = (await (await fetch(`${url}/api/v1/contacts/ids?sort=name`, { headers: main })).json()).data.ids;
  const deleteIds = remaining.filter((id) => id !== busyContact).slice(0, 10_000);
  const deleteStart = performance.now();
  const deleted = await fetch(`${url}/api/v1/contacts/bulk`, {
    method: 'POST',
    headers: write,
    body: JSON.stringify({ ids: deleteIds, action: 'delete' }),
  });
  const deleteMs = performance.now() - deleteStart;
  results.push({
    name: 'bulk: delete 10 000 contacts',
    unit: 'ms',
    median: round(deleteMs),
    budget: '< 3000',
    pass: deleted.ok && deleteMs < 3000,
    note: deleted.ok ? '' : `status ${deleted.status}`,
  });
  const purged = await purgeFinished(url, main, deleteStart);
  results.push({
    name: 'purge: interactions of the 10 000',
    unit: 'ms',
    median: purged,
    note: `in the background, from the delete request (${round(purged - deleteMs)} from its answer)`,
  });

  return results;
}

/**
 * The three file imports into the main user (`npm run bench -- --imports` runs only these): a
 * LinkedIn Connections.csv, a plain CSV with locations (then the geocoding it queued), a vCard.
 */
export async function measureImports({ url, main, sqliteFile, mapbox, quick, locations }) {
  const results = [];
  console.log('Importing a 30 000-row Connections.csv…');
  const rows = quick ? 3_000 : 30_000;
  const linkedin = await importFile(url, main, '/api/v1/imports/linkedin', 'Connections.csv', connectionsCsv(rows));
  results.push({
    name: `import: ${rows} Connections.csv rows end to end`,
    unit: 'ms',
    median: round(linkedin.ms),
    budget: '< 30000',
    pass: linkedin.status.status === 'done' && linkedin.ms < 30_000,
    note: `${linkedin.status.created} created, ${linkedin.status.errors.length} errors`,
  });

  console.log('Importing 30 000 contacts with ~1 500 distinct locations (geocoding calls)…');
  const callsBefore = mapbox.state.calls;
  const located = await importFile(url, main, '/api/v1/imports/csv', 'located.csv', locatedCsv(rows, locations), LOCATED_MAPPING);
  results.push({
    name: `import: ${rows} CSV rows with locations end to end`,
    unit: 'ms',
    median: round(located.ms),
    // Issue #25: 30 000 rows with ~1 500 distinct locations in under 20 s.
    budget: '< 20000',
    pass: located.status.status === 'done' && located.status.created === rows && located.ms < 20_000,
    note: `${located.status.created} created`,
  });
  const { placed, calls } = await geocodingCalls({ sqliteFile, mapbox, callsBefore, since: located.start });
  results.push(placed, calls, {
    name: 'naive geocoding: one provider call per imported contact',
    unit: 'calls',
    median: rows,
    naive: rows,
    ratio: round(rows / Math.max(calls.median, 1)),
  });

  const cardCount = quick ? 500 : 5_000;
  console.log(`Importing a ${cardCount}-card vCard with photos…`);
  const vcard = await photosVcard(cardCount);
  const cards = await importFile(url, main, '/api/v1/imports/vcard', 'contacts.vcf', vcard.text);
  results.push({
    name: `import: ${cardCount} vCard cards with photos end to end`,
    unit: 'ms',
    median: round(cards.ms),
    // Most of it is keeping 3 000 photos in R2 (local R2 under wrangler dev writes ~80 a second).
    budget: '< 90000',
    pass: cards.status.status === 'done' && cards.status.created === cardCount && cards.status.failed === 0 && cards.ms < 90_000,
    note: `${vcard.megabytes} MB, ${vcard.inlinePhotos} inline JPEGs; ${cards.status.created} created, ${cards.status.errors.length} errors`,
  });

  return results;
}

/**
 * Waits for the geocoding the located import queued: how long from the upload until none of the
 * main user's contacts waits for the map (the import's, and the seeded ones in the same places),
 * and how many provider calls that took against the distinct locations.
 */
async function geocodingCalls({ sqliteFile, mapbox, callsBefore, since }) {
  const db = new DatabaseSync(sqliteFile, { readOnly: true });
  const pending = () =>
    db
      .prepare(
        "SELECT count(*) AS n FROM contacts WHERE user_id = ? AND location IS NOT NULL AND location <> '' AND geocoded_location IS NOT location",
      )
      .get(BENCH_USERS.main.id).n;
  const deadline = Date.now() + 120_000;
  while (pending() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  const placedMs = performance.now() - since;
  const distinct = db
    .prepare("SELECT count(DISTINCT lower(trim(location))) AS n FROM contacts WHERE location IS NOT NULL AND location <> ''")
    .get().n;
  const left = pending();
  db.close();
  const calls = mapbox.state.calls - callsBefore;
  return {
    placed: {
      name: 'import with locations: every contact placed, from the upload',
      unit: 'ms',
      median: left ? null : round(placedMs),
      note: left ? `${left} still pending 120 s after the import` : '',
    },
    calls: {
      name: 'geocoding: provider calls vs distinct locations',
      unit: 'calls',
      median: calls,
      budget: `≤ ${distinct}`,
      pass: calls <= distinct,
      note: `${left} left pending`,
    },
  };
}
