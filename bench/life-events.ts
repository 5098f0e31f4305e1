// `npm run bench -- --life-events` (or `npx vite-node bench/life-events.ts`): the background pass
// that reads new messages for life events (ADR 043), over 1 000 messages stored since the last
// pass, in node:sqlite with the app's own readMessagesForEvents and no Worker in between. The
// model is a fake LlmClient that answers the prompt's JSON as tests/fakes/openai.ts does and
// counts its calls; every SQL statement is counted as D1 would run it. Prints the figures
// against the budget and exits 1 on a miss.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { createDb } from '../worker/db/client';
import type { Deps } from '../worker/domain/deps';
import { readMessagesForEvents, READING_PAGE } from '../worker/domain/life-events/read-messages';
import type { LlmClient } from '../worker/providers/llm/llm-client';
import { getSettings, type Env } from '../worker/env';
import { BENCH_USERS, generate } from './generate.mjs';
import { sqliteD1 } from './sqlite-d1';

const MESSAGES = 1_000;
const CONTACTS = 2_000;
/** The contacts the day's messages are with: a few busy threads and a long tail. */
const TALKED_WITH = 120;
const STATE = '.wrangler/bench-life-events';
const user = { ...BENCH_USERS.main, contacts: CONTACTS };

rmSync(STATE, { recursive: true, force: true });
mkdirSync(STATE, { recursive: true });
const file = `${STATE}/kith.sqlite`;
// The migrations straight into node:sqlite (wrangler's apply takes minutes on a loaded machine).
const schema = new DatabaseSync(file);
for (const name of readdirSync('migrations')
  .filter((f) => f.endsWith('.sql'))
  .sort())
  schema.exec(readFileSync(`migrations/${name}`, 'utf8'));
schema.close();
// generate() seeds whichever users it is given; its type names all three.
generate(file, { users: { main: user } as unknown as typeof BENCH_USERS, interactions: 0, quietUsers: 0 });
const { d1, executed, db: raw } = sqliteD1(file, { writable: true });

// 1 000 messages stored in the last hour, one in 20 stating a new job.
const contactIds = (
  raw.prepare('SELECT id FROM contacts WHERE user_id = ? ORDER BY id LIMIT ?').all(user.id, TALKED_WITH) as { id: string }[]
).map((r) => r.id);
const insert = raw.prepare(`INSERT INTO interactions (id, user_id, contact_id, kind, channel, direction, subject, body, status, source,
  occurred_at, created_at, updated_at) VALUES (?, ?, ?, 'message', 'telegram', 'in', NULL, ?, 'sent', 'bench', ?, ?, ?)`);
const now = Date.now();
raw.exec('BEGIN');
for (let i = 0; i < MESSAGES; i++) {
  // Zipf-like: the first contacts get most of the messages.
  const contact =
    contactIds[Math.min(TALKED_WITH - 1, Math.floor(Math.exp((((i * 7919) % MESSAGES) / MESSAGES) * Math.log(TALKED_WITH + 1)) - 1))]!;
  const at = new Date(now - 3_600_000 + i * 3_000).toISOString();
  const body =
    i % 20 === 0 ? `Big news. I just started a new job at Firm ${i} as Head of Things ${i}. Talk soon!` : `Message ${i}: see you Thursday?`;
  insert.run(`benchmsg${String(i).padStart(24, '0')}`, user.id, contact, body, at, at, at);
}
raw.exec('COMMIT');

let modelCalls = 0;
const llm: LlmClient = {
  async completeJson(request) {
    modelCalls++;
    const input = request.input as { messages: { id: string; text: string; from: string }[] };
    const events = input.messages.flatMap((m) => {
      const match = m.from === 'user' ? null : m.text.match(/I just started a new job at ([^,.!]+?) as ([^,.!]+)[.!]/);
      return match
        ? [{ message: m.id, kind: 'new_job', summary: `New job at ${match[1]} as ${match[2]}`, happened_on: null, quote: match[0] }]
        : [];
    });
    return { events };
  },
};

const settings = getSettings({ LLM_API_KEY: 'bench', LLM_BASE_URL: 'http://llm.invalid/v1' } as unknown as Env);
let queued = 0;
const deps = {
  db: createDb(d1),
  store: { userId: user.id, database: 'DB', db: createDb(d1), d1 },
  settings,
  env: {},
  jobs: { send: async () => void queued++, sendBatch: async () => {} },
} as unknown as Deps;

const totals = { runs: 0, looked_at: 0, model_calls: 0, proposed: 0, over_cap: 0 };
const start = performance.now();
const before = executed.length;
// Each run reads one page and queues the next while pages are full, as the queue consumer does.
for (let more = true; more;) {
  const queuedBefore = queued;
  const result = await readMessagesForEvents(deps, llm, new Date(now));
  totals.runs++;
  totals.looked_at += result.looked_at;
  totals.model_calls += result.model_calls;
  totals.proposed += result.proposed;
  totals.over_cap += result.over_cap;
  more = queued > queuedBefore;
}
const ms = performance.now() - start;
const queries = executed.length - before;

const pages = Math.ceil(MESSAGES / READING_PAGE);
const budget = {
  // A run's reads and writes do not grow with its messages: at most 15 statements a page of 200.
  queries: 15 * (pages + 1),
  // One call per contact per page, never over the day's cap.
  model_calls: Math.min(settings.LIFE_EVENTS_DAILY_MODEL_CALLS, TALKED_WITH + pages),
};
const rows = [
  ['SQL statements', queries, budget.queries],
  ['model calls', modelCalls, budget.model_calls],
] as const;
console.log(
  `\nLife events from ${MESSAGES} new messages with ${TALKED_WITH} contacts (${CONTACTS} in the account): ${totals.runs} runs, ` +
    `${totals.looked_at} looked at, ${totals.proposed} proposed, ${totals.over_cap} passed over at the daily cap of ` +
    `${settings.LIFE_EVENTS_DAILY_MODEL_CALLS} calls, ${(ms / 1000).toFixed(2)} s in node:sqlite`,
);
for (const [what, got, max] of rows)
  console.log(`  ${what.padEnd(16)} ${String(got).padStart(5)}  budget ${String(max).padStart(5)}  ${got <= max ? 'PASS' : 'MISS'}`);
// vite-node can keep the process open after the script (as engine-floor.ts found).
process.exit(rows.every(([, got, max]) => got <= max) && totals.looked_at === MESSAGES ? 0 : 1);
