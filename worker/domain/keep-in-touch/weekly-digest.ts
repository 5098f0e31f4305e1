import type { Db } from '../../db/client';
import { randomSecret } from '../../db/columns';
import type { Settings } from '../../env';
import { getUser } from '../auth/users';
import { depsForUser, type Deps, type ServerDeps } from '../deps';
import type { Mailer } from '../mail/mailer';
import { appOrigin } from '../settings/app-origin';
import { agenda, type AgendaItem } from './agenda';
import { addDays, localDate } from './calendar-dates';
import {
  digestKeyOf,
  digestSubscribersAfter,
  findKeepInTouchSettings,
  markDigestSent,
  saveDigestKey,
  turnOffWeeklyDigest,
} from './keep-in-touch-settings-queries';

const enc = new TextEncoder();
const b64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');

async function sign(key: string, userId: string): Promise<string> {
  const k = await crypto.subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return b64url(await crypto.subtle.sign('HMAC', k, enc.encode(`digest-unsubscribe:${userId}`)));
}

/** Compares without stopping at the first difference (no timing hint to a guesser). */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** "<user id>.<HMAC>": the unsubscribe link's token, valid without signing in. */
export async function unsubscribeToken(db: Db, userId: string): Promise<string> {
  let row = await digestKeyOf(db, userId);
  if (!row?.key) {
    const key = randomSecret(32);
    await saveDigestKey(db, userId, key);
    row = { key };
  }
  return `${userId}.${await sign(row.key!, userId)}`;
}

/** Turns the digest off for the token's user; false for a token that does not verify. */
export async function unsubscribeFromDigest(server: ServerDeps, token: string): Promise<boolean> {
  const [userId, mac] = token.split('.');
  if (!userId || !mac || token.length > 200) return false;
  const { db } = await depsForUser(server, userId);
  const row = await digestKeyOf(db, userId);
  if (!row?.key) return false;
  const expected = await sign(row.key, userId);
  if (!sameText(expected, mac)) return false;
  await turnOffWeeklyDigest(db, userId);
  return true;
}

const SECTIONS: { bucket: AgendaItem['bucket']; title: string }[] = [
  { bucket: 'overdue', title: 'Overdue' },
  { bucket: 'today', title: 'Due today' },
  { bucket: 'this_week', title: 'This week' },
];

/**
 * The weekly email of what is due, for one user who turned it on; once per week (idempotent
 * under redelivery). Links use APP_URL only: without it nothing is sent and an error is logged.
 */
export async function sendWeeklyDigest(
  deps: Pick<Deps, 'db' | 'directory'>,
  mailer: Mailer,
  settings: Settings,
  userId: string,
  now = new Date(),
): Promise<'sent' | 'skipped'> {
  const { db } = deps;
  const prefs = await findKeepInTouchSettings(db, userId);
  const user = await getUser(deps.directory.db, userId);
  if (!prefs?.weeklyDigest || !user) return 'skipped';
  const base = appOrigin(settings);
  if (!base) {
    console.error('Weekly digest not sent: APP_URL is not set, so its links would have no address');
    return 'skipped';
  }
  const today = localDate(now, user.time_zone);
  if (prefs.digestSentOn && prefs.digestSentOn > addDays(today, -6)) return 'skipped';
  const { items, total } = await agenda(db, user, { now, pageSize: 100 });
  const lines = [
    `Hi ${user.name.split(' ')[0] || user.name},`,
    '',
    total ? `${total} ${total === 1 ? 'thing is' : 'things are'} due this week:` : 'Nothing is due this week.',
  ];
  for (const { bucket, title } of SECTIONS) {
    const rows = items.filter((i) => i.bucket === bucket);
    if (!rows.length) continue;
    lines.push(
      '',
      `${title}:`,
      ...rows.map((i) => `- ${i.contact_name || 'Unnamed'}: ${i.title} (${i.due_on}) ${base}/contacts/${i.contact_id}`),
    );
  }
  const unsubscribe = `${base}/api/v1/digest/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(db, userId))}`;
  lines.push('', `Open Kith: ${base}/home`, '', `Stop these emails: ${unsubscribe}`);
  await mailer({
    to: user.email,
    subject: total ? `Kith: ${total} to keep in touch with this week` : 'Kith: nothing due this week',
    text: lines.join('\n'),
  });
  await markDigestSent(db, userId, today);
  return 'sent';
}

/** The users who turned the digest on, a page at a time (for the cron's fan-out). */
export async function digestSubscribers(db: Db, after: string, limit: number): Promise<string[]> {
  const rows = await digestSubscribersAfter(db, after, limit);
  return rows.map((r) => r.id);
}
