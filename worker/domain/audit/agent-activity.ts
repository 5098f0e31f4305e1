import type { Caller } from '../auth/scopes';
import { contactRow } from '../contacts/contact-row-queries';
import type { Deps } from '../deps';
import { AGENT_CALL_ACTION, TOKEN_WRITE_ACTION } from './agent-activity-kinds';
import { insertAuditEntry } from './audit-queries';

// What agents and scripts did, in the activity log (issue 47): each MCP tool call, refused ones
// too, and each write a personal access token made through the API, with the token's name, the
// tool or operation, and the contact it touched (the entry's subject: the log links to it).

export interface AgentActivity {
  /** The MCP tool, or the API operation ("POST /contacts/{id}/notes"). */
  what: string;
  contactId: string | null;
  /** The contact's name when the caller already has it (it is looked up otherwise). */
  contactName?: string | null;
  /** The refusal's code when the call failed. */
  error?: string;
}

async function nameOf(deps: Pick<Deps, 'db' | 'store'>, contactId: string | null, known?: string | null): Promise<string | null> {
  if (known !== undefined || !contactId) return known ?? null;
  return (await contactRow(deps.db, deps.store.userId, contactId))?.fullName ?? null;
}

async function record(
  deps: Pick<Deps, 'db' | 'store'>,
  action: string,
  caller: Caller,
  activity: AgentActivity,
  field: 'tool' | 'operation',
) {
  try {
    const contactName = await nameOf(deps, activity.contactId, activity.contactName);
    await insertAuditEntry(deps.store, action, activity.contactId ? 'contact' : 'account', activity.contactId, {
      client: caller.clientName ?? null,
      token_id: caller.tokenId,
      [field]: activity.what,
      ...(activity.contactId ? { contact_id: activity.contactId, full_name: contactName } : {}),
      ...(activity.error ? { error: activity.error } : {}),
    });
  } catch (error) {
    // The call itself is done: a log write that failed must not turn it into a failure.
    console.error(`${action} not recorded:`, error instanceof Error ? error.message : String(error));
  }
}

/** One MCP tool call of an agent. */
export const recordAgentCall = (deps: Pick<Deps, 'db' | 'store'>, caller: Caller, activity: AgentActivity) =>
  record(deps, AGENT_CALL_ACTION, caller, activity, 'tool');

/** One write a personal access token made through the API (sessions' writes are the user's own). */
export const recordTokenWrite = (deps: Pick<Deps, 'db' | 'store'>, caller: Caller, activity: AgentActivity) =>
  record(deps, TOKEN_WRITE_ACTION, caller, activity, 'operation');
