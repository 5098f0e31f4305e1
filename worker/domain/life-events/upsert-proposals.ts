import { lifeEvents } from '../../db/schema';
import { organizationNamesStatement } from '../contacts/contact-upsert-queries';
import { jsonInsert } from '../contacts/json-row-queries';
import { fieldChangeProposals, type FoundIn, type JobAndPlace } from './field-change-proposals';

/** A matched contact's job and place before an upsert (its company by id), and what the record says now. */
export interface UpsertFieldCheck {
  contactId: string;
  before: { companyId: string | null; title: string | null; location: string | null };
  incoming: JobAndPlace;
}

/**
 * The statement that records what the upsert's matched contacts changed (ADR 036), to run in
 * the upsert's batch, and the ids it writes (announced after it: announceFound); null when nothing changed. One read names the companies they had.
 */
export async function upsertProposalStatement(
  d1: D1Database,
  userId: string,
  checks: UpsertFieldCheck[],
  found: FoundIn,
): Promise<{ statement: D1PreparedStatement; ids: string[] } | null> {
  const worth = checks.filter(
    (c) => (c.incoming.company && c.before.companyId) || (c.incoming.title && c.before.title) || (c.incoming.location && c.before.location),
  );
  if (!worth.length) return null;
  const companyIds = [...new Set(worth.flatMap((c) => (c.before.companyId && c.incoming.company ? [c.before.companyId] : [])))];
  const names = companyIds.length
    ? new Map(
        (await organizationNamesStatement(d1, userId, companyIds).all<{ id: string; name: string }>()).results.map((o) => [o.id, o.name]),
      )
    : new Map<string, string>();
  const rows = worth.flatMap((c) =>
    fieldChangeProposals(
      userId,
      c.contactId,
      { company: c.before.companyId ? names.get(c.before.companyId) : null, title: c.before.title, location: c.before.location },
      c.incoming,
      found,
    ),
  );
  return rows.length ? { statement: jsonInsert(d1, lifeEvents, rows, 'ignore'), ids: rows.map((r) => r.id) } : null;
}
