import type { Db } from '../../db/client';
import type { Settings } from '../../env';
import { getUser } from '../auth/users';
import type { Deps } from '../deps';
import type { Mailer } from '../mail/mailer';
import { whatsNewDigestLines } from '../life-events/whats-new-digest';
import { agentActivityDigestLines } from '../audit/agent-activity-digest';
import { appOrigin } from '../settings/app-origin';
import { agenda, type AgendaItem } from './agenda';
import { addDays, localDate } from './calendar-dates';
import { unsubscribeToken } from './digest-unsubscribe';
import { digestSubscribersAfter, findKeepInTouchSettings, markDigestSent } from './keep-in-touch-settings-queries';

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
  deps: Pick<Deps, 'db' | 'directory' | 'store'>,
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
  const news = await whatsNewDigestLines(db, userId, base, now);
  lines.push(...news, ...(await agentActivityDigestLines(deps.store, base, now)));
  const unsubscribe = `${base}/api/v1/digest/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(db, userId, now))}`;
  lines.push('', `Open Kith: ${base}/home`, '', `Stop these emails: ${unsubscribe}`);
  await mailer({
    to: user.email,
    subject: total
      ? `Kith: ${total} to keep in touch with this week`
      : news.length
        ? 'Kith: what’s new with your people'
        : 'Kith: nothing due this week',
    text: lines.join('\n'),
    // RFC 2369 and RFC 8058: the mail client's own "Unsubscribe" button, one POST, no page.
    // Cloudflare's mail service refuses these headers with a plain-http address (a local run).
    ...(unsubscribe.startsWith('https:')
      ? { headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
      : {}),
  });
  await markDigestSent(db, userId, today);
  return 'sent';
}

/** The users who turned the digest on, a page at a time (for the cron's fan-out). */
export async function digestSubscribers(db: Db, after: string, limit: number): Promise<string[]> {
  const rows = await digestSubscribersAfter(db, after, limit);
  return rows.map((r) => r.id);
}
