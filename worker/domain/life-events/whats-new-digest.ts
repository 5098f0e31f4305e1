import type { Db } from '../../db/client';
import { whatsNew } from './whats-new';

/**
 * The weekly digest's "What's new" section: the events accepted or added this week, then the
 * ones Kith found that wait for the user, each with its contact's link. No lines when there is
 * no news. The same reads as Home's card.
 */
export async function whatsNewDigestLines(db: Db, userId: string, base: string, now = new Date()): Promise<string[]> {
  const news = await whatsNew(db, userId, now);
  if (!news.this_week.length && !news.proposals_total) return [];
  const link = (contactId: string) => `${base}/contacts/${contactId}`;
  const lines = ['', 'What’s new:'];
  for (const e of news.this_week) lines.push(`- ${e.contact_name || 'Unnamed'}: ${e.summary} ${link(e.contact_id)}`);
  if (news.proposals_total) {
    const waiting = news.proposals_total;
    lines.push('', `Found by Kith, ${waiting === 1 ? 'one waits' : `${waiting} wait`} for you to accept or dismiss (${base}/home):`);
    for (const p of news.proposals) lines.push(`- ${p.contact_name || 'Unnamed'}: ${p.summary} (${p.source_label}) ${link(p.contact_id)}`);
    if (waiting > news.proposals.length) lines.push(`- and ${waiting - news.proposals.length} more`);
  }
  return lines;
}
