#!/usr/bin/env node
// `npm run seed:demo`: a demo account with a few hundred realistic contacts, companies,
// locations across the world (already geocoded, so the map has pins), tags and
// interactions, in the local D1 that `npm start` serves. Deterministic; `--reset` replaces it.
import { execSync } from 'node:child_process';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CITIES, COMPANIES, FIRST_NAMES, LAST_NAMES, NOTES, TAGS, TITLES } from './seed-data.mjs';
import { prng } from './prng.mjs';
import { offlineEnv } from './wrangler.mjs';

export const DEMO_EMAIL = 'demo@kith.local';
export const DEMO_PASSWORD = 'kith-demo-password';
const CONTACTS = 300;

const rand = prng(42);
const pick = (list) => list[Math.floor(rand() * list.length)];
const id = (prefix, n) => `${prefix}${String(n).padStart(6, '0')}demo`;
const q = (v) => (v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
const fold = (s) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
const slug = (s) =>
  fold(s)
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');

function run(cmd) {
  return execSync(cmd, { env: offlineEnv, stdio: ['pipe', 'pipe', 'inherit'], input: 'y\n' }).toString();
}

function d1(sqlFile) {
  run(`npx wrangler d1 execute DB --local --file ${sqlFile}`);
}

function main() {
  const reset = process.argv.includes('--reset');
  run('npx wrangler d1 migrations apply DB --local');
  const existing = run(
    `npx wrangler d1 execute DB --local --json --command ${JSON.stringify(`SELECT id FROM users WHERE email = '${DEMO_EMAIL}'`)}`,
  );
  const found = JSON.parse(existing)[0]?.results?.[0]?.id;
  const now = Date.now();
  const iso = (ms) => new Date(ms).toISOString();
  const sql = [];
  if (found && !reset) {
    console.log(`The demo account already exists. Sign in as ${DEMO_EMAIL} / ${DEMO_PASSWORD} (or run with --reset).`);
    return;
  }
  if (found) sql.push(`DELETE FROM users WHERE id = ${q(found)};`);

  const userId = 'demouser000000000000000000000001';
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(DEMO_PASSWORD, salt, 100_000, 32, 'sha256');
  sql.push(
    `INSERT INTO users (id, email, name, password_hash, password_salt, time_zone, created_at, updated_at) VALUES (${q(userId)}, ${q(DEMO_EMAIL)}, 'Demo Founder', ${q(hash.toString('hex'))}, ${q(salt.toString('hex'))}, 'Europe/Berlin', ${q(iso(now))}, ${q(iso(now))});`,
  );

  COMPANIES.forEach(([name, website, industry], i) => {
    sql.push(
      `INSERT INTO organizations (id, user_id, name, name_norm, website, industry, created_at, updated_at) VALUES (${q(id('org', i))}, ${q(userId)}, ${q(name)}, ${q(fold(name))}, ${q(website)}, ${q(industry)}, ${q(iso(now))}, ${q(iso(now))});`,
    );
  });

  let interactionCount = 0;
  const used = new Set();
  const usedEmails = new Set();
  for (let n = 0; n < CONTACTS; n++) {
    let first, last;
    do {
      first = pick(FIRST_NAMES);
      last = pick(LAST_NAMES);
    } while (used.has(`${first} ${last}`));
    used.add(`${first} ${last}`);
    const full = `${first} ${last}`;
    const contactId = id('con', n);
    const companyIndex = Math.floor(rand() * COMPANIES.length);
    const [companyName, website] = COMPANIES[companyIndex];
    const domain = new URL(website).hostname.replace(/^www\./, '');
    const city = pick(CITIES);
    const jitter = () => (rand() - 0.5) * 0.08;
    const geocoded = rand() < 0.9;
    const createdAt = now - Math.floor(rand() * 900) * 86_400_000;
    const priority = rand() < 0.15 ? 'high' : rand() < 0.7 ? 'medium' : rand() < 0.92 ? 'low' : 'archived';
    let email = `${[slug(first), slug(last)].filter(Boolean).join('.') || 'contact'}@${domain}`;
    if (usedEmails.has(email)) email = email.replace('@', `${n}@`);
    usedEmails.add(email);
    const handle = `${slug(first).slice(0, 8)}${slug(last).slice(0, 6)}${n}`.replace(/\./g, '_');
    const hasTwitter = rand() < 0.5;
    const hasTelegram = rand() < 0.35;

    // Interactions first, so the contact's last_interaction_at and score agree with them.
    const count = Math.floor(rand() ** 2 * 30);
    let lastAt = null;
    let inbound = 0;
    const interactionRows = [];
    for (let k = 0; k < count; k++) {
      const at = createdAt + Math.floor(rand() * (now - createdAt));
      const kind = pick(['message', 'message', 'email', 'email', 'meeting', 'note']);
      const channel = kind === 'message' ? pick(['telegram', 'twitter', 'linkedin']) : kind === 'email' ? 'email' : null;
      const direction = kind === 'message' || kind === 'email' ? (rand() < 0.5 ? 'in' : 'out') : null;
      if (direction === 'in') inbound++;
      const body =
        kind === 'meeting'
          ? `Coffee with ${first} — talked about ${pick(NOTES)}`
          : kind === 'note'
            ? pick(NOTES)
            : `Hey ${direction === 'out' ? first : 'there'}, ${pick(NOTES)}`;
      const subject =
        kind === 'email'
          ? pick(['Quick intro', 'Follow-up from last week', 'Deck attached', 'Catching up'])
          : kind === 'meeting'
            ? 'Coffee'
            : null;
      interactionRows.push(
        `INSERT INTO interactions (id, user_id, contact_id, kind, channel, direction, subject, body, status, source, external_id, occurred_at, created_at, updated_at) VALUES (${q(id('int', interactionCount++))}, ${q(userId)}, ${q(contactId)}, ${q(kind)}, ${q(channel)}, ${q(direction)}, ${q(subject)}, ${q(body)}, ${q(channel === 'telegram' && direction === 'out' ? pick(['delivered', 'read']) : null)}, 'demo', ${q(`demo-${interactionCount}`)}, ${q(iso(at))}, ${q(iso(at))}, ${q(iso(at))});`,
      );
      if (kind !== 'note' && (!lastAt || at > lastAt)) lastAt = at;
    }
    const recency = lastAt ? Math.max(0, 1 - (now - lastAt) / (365 * 86_400_000)) : 0;
    const score = Math.min(10, Math.round((recency * 5 + Math.min(count, 20) / 4 + Math.min(inbound, 5) / 5) * 10) / 10);

    sql.push(
      `INSERT INTO contacts (id, user_id, first_name, last_name, full_name, name_sort, company_id, title, priority, notes, location, latitude, longitude, geocoded_location, geocoded_at, relationship_score, telegram_username, twitter_handle, linkedin_url, bio_twitter, source, bcc_token, last_interaction_at, created_at, updated_at) VALUES (${[
        contactId,
        userId,
        first,
        last,
        full,
        fold(full),
        id('org', companyIndex),
        pick(TITLES),
        priority,
        rand() < 0.4 ? pick(NOTES) : null,
        city[0],
        geocoded ? city[1] + jitter() : null,
        geocoded ? city[2] + jitter() : null,
        geocoded ? city[0] : null,
        geocoded ? iso(now) : null,
        score,
        hasTelegram ? handle : null,
        hasTwitter ? handle : null,
        `https://www.linkedin.com/in/${slug(first)}-${slug(last)}-${n}`,
        hasTwitter ? `${pick(TITLES)} at ${companyName}. ${pick(NOTES)}.` : null,
        pick(['manual', 'csv', 'linkedin', 'google', 'email', 'telegram']),
        `demo${n}${randomBytes(6).toString('hex')}`,
        lastAt ? iso(lastAt) : null,
        iso(createdAt),
        iso(createdAt),
      ]
        .map(q)
        .join(', ')});`,
    );
    sql.push(...interactionRows);
    const idents = [
      ['email', email, email],
      ['linkedin', `https://www.linkedin.com/in/${slug(first)}-${slug(last)}-${n}`, `${slug(first)}-${slug(last)}-${n}`],
    ];
    if (rand() < 0.4) idents.push(['phone', `+1 415 555 ${String(1000 + n).slice(-4)}`, `+1415555${String(1000 + n).slice(-4)}`]);
    if (hasTelegram) idents.push(['telegram', handle, handle.toLowerCase()]);
    if (hasTwitter) idents.push(['twitter', handle, handle.toLowerCase()]);
    idents.forEach(([kind, value, norm], position) => {
      sql.push(
        `INSERT INTO contact_identifiers (user_id, kind, value_norm, value, contact_id, position) VALUES (${q(userId)}, ${q(kind)}, ${q(norm)}, ${q(value)}, ${q(contactId)}, ${position});`,
      );
    });
    const tags = new Set();
    const tagCount = Math.floor(rand() * 3);
    for (let t = 0; t < tagCount; t++) tags.add(pick(TAGS));
    if (rand() < 0.1) tags.add('2nd tier');
    for (const tag of tags) {
      sql.push(
        `INSERT INTO contact_tags (user_id, contact_id, tag, tag_norm) VALUES (${q(userId)}, ${q(contactId)}, ${q(tag)}, ${q(tag.toLowerCase())});`,
      );
    }
  }

  const dir = mkdtempSync(join(tmpdir(), 'kith-seed-'));
  const file = join(dir, 'seed.sql');
  writeFileSync(file, sql.join('\n'));
  d1(file);
  console.log(`Seeded ${CONTACTS} contacts, ${COMPANIES.length} companies and ${interactionCount} interactions.`);
  console.log(`Sign in at http://localhost:8787 as ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
}

main();
