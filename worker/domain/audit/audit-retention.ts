// Deleted stays deleted (issue 41 item 4, docs/decisions/026). An audit record keeps, for good,
// who (its user), when (created_at), what kind (action) and the name; the contents (a deleted
// contact's row with its notes, a merge's full snapshot) stay only while they can still be
// used: a delete's Undo happens in the browser before the request is sent (6 s), so its contents
// go at the first nightly sweep a day on; a merge's stay for the unmerge window.

/** Contents of a delete's record are dropped once the record is this old. */
export const DELETE_CONTENTS_HOURS = 24;
/** A merge can be undone for this long (ADR 020 promises at least 30 days); then its snapshot goes. */
export const UNMERGE_DAYS = 30;

export const MERGE_ACTION = 'contact.merge';

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const nameOf = (row: unknown): string | null => {
  const r = asObject(row);
  const name = r.full_name ?? r.fullName ?? r.name;
  return typeof name === 'string' ? name : null;
};

/**
 * What a record keeps once its contents are dropped, per action: enough for the activity log's
 * line (audit-summary.ts) and no more. Actions not listed held no contents to begin with
 * (security events, tag deletes, unmerges, bulk deletes' id-and-name lists) and keep theirs.
 */
const KEPT: Record<string, (data: Json) => Json> = {
  'contact.delete': (d) => ({ full_name: nameOf(d) }),
  'contacts.bulk_delete': (d) => ({ count: d.count, total: d.total, contacts: listedNames(d.contacts) }),
  'contacts.delete_second_tier': (d) => ({ count: d.count, total: d.total, contacts: listedNames(d.contacts) }),
  'note.delete': (d) => ({ kind: d.kind ?? null, contact_id: d.contactId ?? d.contact_id ?? null }),
  [MERGE_ACTION]: (d) => ({
    survivor_id: d.survivor_id ?? null,
    contact: { full_name: nameOf(d.contact) },
    interactions: d.interactions ?? 0,
  }),
  'organization.merge': (d) => ({ survivor_id: d.survivor_id ?? null, merged: { name: nameOf(d.merged) } }),
  'organization.delete': (d) => ({ organization: { name: nameOf(d.organization) } }),
  'organization.dav_delete': (d) => ({ device: d.device ?? null, organization: { name: nameOf(d.organization) } }),
};

function listedNames(list: unknown): { id: unknown; full_name: string | null }[] {
  return (Array.isArray(list) ? list : []).map((row) => ({ id: asObject(row).id ?? null, full_name: nameOf(row) }));
}

/** The record's data with its contents dropped (JSON text), or null when it keeps what it has. */
export function keptData(action: string, data: string): string | null {
  const keep = KEPT[action];
  if (!keep) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    parsed = {};
  }
  return JSON.stringify(keep(asObject(parsed)));
}
