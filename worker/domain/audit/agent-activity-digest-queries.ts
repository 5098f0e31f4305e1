import { sql } from 'drizzle-orm';
import type { UserStore } from '../../db/stores';
import { AGENT_CALL_ACTION, TOKEN_WRITE_ACTION } from './agent-activity-kinds';

export interface AgentWeekRow {
  client: string | null;
  calls: number;
  writes: number;
  refused: number;
  days: number;
}

/**
 * Per agent or token, what it did since `sinceIso`: calls (MCP tool calls and API writes), API
 * writes, refusals and on how many days. Read on audit_log_user (user_id, created_at), so only
 * the week's entries are touched; the ten busiest clients.
 */
export async function agentWeekRows(store: UserStore, sinceIso: string): Promise<AgentWeekRow[]> {
  const rows = await store.db.all<AgentWeekRow>(sql`
    SELECT json_extract(data, '$.client') AS client,
           count(*) AS calls,
           sum(action = ${TOKEN_WRITE_ACTION}) AS writes,
           sum(json_extract(data, '$.error') IS NOT NULL) AS refused,
           count(DISTINCT substr(created_at, 1, 10)) AS days
      FROM audit_log
     WHERE user_id = ${store.userId} AND created_at >= ${sinceIso}
       AND action IN (${AGENT_CALL_ACTION}, ${TOKEN_WRITE_ACTION})
     GROUP BY client
     ORDER BY calls DESC, client
     LIMIT 10`);
  return rows;
}
