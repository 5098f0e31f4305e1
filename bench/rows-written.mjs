// Rows written (D1's meta.rows_written, what D1 bills) by one nightly refresh and by one
// Telegram sync round of the main user when nothing happened since the last one. The Worker
// runs with LOG_JOB_COST=1 and logs each job's cost; the cron is triggered through wrangler
// dev's /__scheduled. The Telegram gateway is the test suite's fake (tests/fakes/).
import { DatabaseSync } from 'node:sqlite';
import { startFakeProviders } from '../tests/fakes/fake-providers.ts';
import '../tests/fakes/telegram-gateway.ts';
import { jobCosts } from './background-jobs.mjs';
import { BENCH_USERS, QUIET_USERS } from './generate.mjs';

const NIGHTLY = '17 3 * * *';
const QUARTER_HOUR = '*/15 * * * *';
const GROUPS = 20;
const MEMBERS = 200;
export const TELEGRAM_SECRET = 'test-telegram-secret';

/** The fake Telegram gateway, before the Worker starts (its URL is one of the Worker's vars). */
export async function startFakeTelegram() {
  const fakes = await startFakeProviders();
  return { url: `${fakes.url}/telegram-gateway`, scenario: `${fakes.url}/__scenario/telegram`, close: fakes.close };
}

/** The job_cost lines the Worker logged for `type` and the main user, in order. */
function costs(server, type) {
  return jobCosts(server).filter((c) => c.job_cost === type && c.user_id === BENCH_USERS.main.id);
}

/**
 * The nightly refresh's fan-out since the `before`-th job_cost line: the steps (jobs without a
 * user, each paging 100 users into the queue) and the jobs they started, once every user's ran.
 */
async function fanOut(server, before, users) {
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    const since = jobCosts(server)
      .slice(before)
      .filter((c) => c.job_cost === 'refresh_relationships');
    const steps = since.filter((c) => c.user_id === null);
    const jobs = since.filter((c) => c.user_id !== null);
    if (jobs.length >= users) return { steps, jobs };
    if (Date.now() > deadline) throw new Error(`the nightly fan-out reached ${jobs.length} of ${users} users within 5 minutes`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function nextCost(server, type, trigger, minutes = 5) {
  const seen = costs(server, type).length;
  await trigger();
  const deadline = Date.now() + minutes * 60_000;
  for (;;) {
    const all = costs(server, type);
    if (all.length > seen) return all[seen];
    if (Date.now() > deadline) throw new Error(`no ${type} job logged for the main user within ${minutes} minutes`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const cron = (url, expression) => async () => {
  const res = await fetch(`${url}/__scheduled?cron=${encodeURIComponent(expression)}`);
  if (!res.ok) throw new Error(`/__scheduled answered ${res.status}`);
};

/** 20 groups of 200 of the user's contacts (matched by phone, as Telegram shows them), and 20 chats. */
function telegramNetwork(sqliteFile) {
  const db = new DatabaseSync(sqliteFile, { readOnly: true });
  const phones = db
    .prepare("SELECT value_norm AS phone FROM contact_identifiers WHERE user_id = ? AND kind = 'phone' ORDER BY contact_id LIMIT ?")
    .all(BENCH_USERS.main.id, GROUPS * MEMBERS)
    .map((r) => r.phone);
  db.close();
  const people = phones.map((phone, n) => ({
    id: String(5_000_000 + n),
    username: null,
    first_name: `Member ${n}`,
    last_name: null,
    phone: phone.slice(1),
  }));
  const chats = Array.from({ length: GROUPS }, (_, g) => ({
    id: `-100${700 + g}`,
    title: `Group ${g}`,
    participants: people.slice(g * MEMBERS, (g + 1) * MEMBERS),
  }));
  const at = Math.floor(Date.now() / 1000) - 3600;
  const dialogs = people.slice(0, 20).map((peer, n) => ({
    peer,
    read_outbox_max_id: 2,
    messages: [
      { id: 1, date: at + n, out: false, text: 'hi' },
      { id: 2, date: at + n + 60, out: true, text: 'hello' },
    ],
  }));
  return { chats, dialogs, members: people.length };
}

function contactsOf(sqliteFile, userId) {
  const db = new DatabaseSync(sqliteFile, { readOnly: true });
  const n = db.prepare('SELECT count(*) AS n FROM contacts WHERE user_id = ?').get(userId).n;
  db.close();
  return n;
}

function budgetRow(name, cost, contacts, note) {
  const perContact = cost.rows_written / contacts;
  return {
    name,
    unit: 'rows',
    median: cost.rows_written,
    budget: `≤ ${Math.floor(0.1 * contacts)} (0.1 per contact)`,
    pass: perContact <= 0.1,
    note: `${contacts} contacts, ${perContact.toFixed(4)} per contact, ${cost.queries} queries; ${note}`,
  };
}

export async function measureRowsWritten({ server, session, sqliteFile, telegram }) {
  const results = [];
  const headers = { ...session('main'), 'content-type': 'application/json' };
  const step = async (path, body) => {
    const res = await fetch(`${server.url}/api/v1/integrations/telegram/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`telegram ${path} answered ${res.status}: ${await res.text()}`);
  };

  console.log('Measuring rows written by a quiet Telegram sync round…');
  const phone = '+447700900123';
  const network = telegramNetwork(sqliteFile);
  await fetch(telegram.scenario, { method: 'POST', body: JSON.stringify({ phone, chats: network.chats, dialogs: network.dialogs }) });
  // Connecting runs the first sync, which links the members to their contacts.
  const firstSync = await nextCost(server, 'sync_telegram', async () => {
    await step('login', { phone });
    await step('code', { code: '12345' });
  });
  const contacts = contactsOf(sqliteFile, BENCH_USERS.main.id);
  const round = await nextCost(server, 'sync_telegram', cron(server.url, QUARTER_HOUR));
  results.push(
    budgetRow(
      'rows written: one Telegram sync round, nothing new',
      round,
      contacts,
      `${GROUPS} groups of ${MEMBERS}, ${network.dialogs.length} chats; the first sync wrote ${firstSync.rows_written}`,
    ),
  );

  console.log('Measuring rows written by a quiet nightly refresh…');
  const settle = await nextCost(server, 'refresh_relationships', cron(server.url, NIGHTLY), 15);
  const before = jobCosts(server).length;
  const quiet = await nextCost(server, 'refresh_relationships', cron(server.url, NIGHTLY), 15);
  results.push(
    budgetRow(
      'rows written: one nightly refresh, nothing new',
      quiet,
      contacts,
      `the run before it (scores as seeded) wrote ${settle.rows_written}`,
    ),
  );

  console.log('Measuring the nightly fan-out…');
  const users = Object.keys(BENCH_USERS).length + QUIET_USERS;
  const { steps, jobs } = await fanOut(server, before, users);
  const stepQueries = Math.max(...steps.map((s) => s.queries));
  const jobQueries = Math.max(...jobs.map((j) => j.queries));
  // Whatever the number of users, a step reads one page of them and sends two batches.
  results.push({
    name: `cron fan-out: D1 queries per step (${users} users)`,
    unit: 'queries',
    median: stepQueries,
    budget: '≤ 5',
    pass: stepQueries <= 5,
    note: `${steps.length} steps of at most 100 users, ${jobs.length} user jobs`,
  });
  // A consumer invocation runs up to 25 jobs and may make 1 000 queries (D1 on Workers Paid).
  results.push({
    name: 'cron fan-out: D1 queries of the largest user job',
    unit: 'queries',
    median: jobQueries,
    budget: '≤ 40 (25 a batch under 1 000)',
    pass: jobQueries <= 40,
    note: 'the nightly refresh of one user',
  });
  return results;
}
