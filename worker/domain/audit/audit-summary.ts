import { securityEventWords, securityKindOf, type SecurityEventDetail } from './security-event-kinds';

type Named = { full_name?: unknown; fullName?: unknown; name?: unknown };

const nameOf = (value: unknown): string => {
  const named = (value ?? {}) as Named;
  const name = named.full_name ?? named.fullName ?? named.name;
  return typeof name === 'string' && name.trim() ? name : 'a contact without a name';
};

function someNames(list: unknown, total: number): string {
  const names = (Array.isArray(list) ? list : []).slice(0, 3).map(nameOf);
  const more = total - names.length;
  return names.length === 0 ? '' : `: ${names.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en')} more` : ''}`;
}

const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

/** "Claude Desktop (agent) used add_note on Ada Lovelace", "… was refused (not_found)". */
function agentWords(action: string, d: Record<string, unknown>): string {
  const who = `${typeof d.client === 'string' ? d.client : 'A revoked token'} (${action === 'agent.tool_call' ? 'agent' : 'access token'})`;
  const what = String(action === 'agent.tool_call' ? d.tool : d.operation);
  const on = d.contact_id ? ` on ${d.full_name ? nameOf(d) : 'a contact it could not see'}` : '';
  return `${who} ${action === 'agent.tool_call' ? 'used' : 'made'} ${what}${on}${d.error ? `: refused (${String(d.error)})` : ''}`;
}

/** One line saying what an audit record's action did, from what it stored. */
export function summarizeAudit(action: string, data: unknown): string {
  const security = securityKindOf(action);
  if (security) return securityEventWords(security, (data ?? {}) as SecurityEventDetail);
  const d = (data ?? {}) as Record<string, unknown>;
  const count = typeof d.count === 'number' ? d.count : 0;
  switch (action) {
    case 'contact.delete':
      return `Deleted contact ${nameOf(d)}`;
    case 'contacts.bulk_delete':
      return `Deleted ${plural(count, 'contact')}${someNames(d.contacts, count)}`;
    case 'contacts.delete_second_tier':
      return `Deleted ${plural(count, '2nd tier contact')}${someNames(d.contacts, count)}`;
    case 'contact.merge':
      return `Merged ${nameOf(d.contact)} into another contact`;
    case 'contact.unmerge':
      return `Unmerged ${nameOf(d.contact)}: back as a contact of their own`;
    case 'organization.merge':
      return `Merged organization ${nameOf(d.merged)} into another organization`;
    case 'organization.delete':
    case 'organization.dav_delete':
      return `Deleted organization ${nameOf(d.organization)}${d.device ? ` from ${String(d.device)}` : ''}`;
    case 'tag.delete':
      return `Removed tag “${String(d.tag ?? '')}” from ${plural(typeof d.contacts === 'number' ? d.contacts : 0, 'contact')}`;
    case 'note.delete':
      return 'Deleted a note from a timeline';
    case 'agent.tool_call':
    case 'token.write':
      return agentWords(action, d);
    default:
      return action;
  }
}
