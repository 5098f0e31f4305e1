import type { UserStore } from '../../db/stores';
import { agentWeekRows } from './agent-activity-digest-queries';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The weekly digest's "Agents and tokens" section (issue #47): per client, how many calls it
 * made in the last seven days, on how many days, how many were writes through the API and how
 * many Kith refused, with the activity log's address. No lines in a week no agent called.
 */
export async function agentActivityDigestLines(store: UserStore, base: string, now = new Date()): Promise<string[]> {
  const since = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const rows = await agentWeekRows(store, since);
  if (!rows.length) return [];
  const lines = ['', 'Agents and tokens this week:'];
  for (const row of rows) {
    const extra = [row.writes ? `${plural(row.writes, 'write')} through the API` : '', row.refused ? `${row.refused} refused` : '']
      .filter(Boolean)
      .join(', ');
    lines.push(
      `- ${row.client ?? 'A revoked token'}: ${plural(row.calls, 'call')} on ${plural(row.days, 'day')}${extra ? ` (${extra})` : ''}`,
    );
  }
  lines.push(`What each did: ${base}/settings/audit`);
  return lines;
}
