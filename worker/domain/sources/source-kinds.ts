// Where a value came from (ADR 032): the kinds a source takes and how the page names them.
// Shared with the browser, so this module stays free of zod and of the database.

export const SOURCE_KINDS = [
  'typed',
  'csv',
  'vcard',
  'linkedin',
  'google',
  'telegram',
  'email',
  'twitter',
  'enrichment',
  'wand',
  'carddav',
  'backup',
  'agent',
  'merge',
  'monica',
] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Who is writing: its kind and what names it (an import's id, a phone's name, a provider, an agent's token name, a merge's id). */
export interface ValueSource {
  kind: SourceKind;
  ref?: string | null;
}

/** Typed in Kith: a form, the page or the API. */
export const TYPED: ValueSource = { kind: 'typed' };

/** An agent writing through MCP, named by its token's name ("Claude Desktop"). */
export const agentSource = (caller: { clientName?: string | null }): ValueSource => ({ kind: 'agent', ref: caller.clientName ?? null });

/** The fields a source is kept for: a contact's columns, and each email and phone. */
export const SOURCE_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'title',
  'priority',
  'notes',
  'location',
  'avatar_url',
  'telegram_username',
  'twitter_handle',
  'linkedin_url',
  'bio_twitter',
  'bio_telegram',
  'bio_linkedin',
  'how_we_met',
  'connected_on',
  'cadence',
  'email',
  'phone',
  'tag',
  'date',
] as const;
export type SourceField = (typeof SOURCE_FIELDS)[number];

/** One value's source, as the API and the page show it. */
export interface FieldSourceView {
  field: SourceField;
  /** The email, phone or tag this source is of, or a date as YYYY-MM-DD (--MM-DD without a year); null for a field with one value. */
  value: string | null;
  source: SourceKind;
  source_ref: string | null;
  recorded_at: string;
}

const KIND_LABELS: Record<SourceKind, string> = {
  typed: 'Typed by you',
  csv: 'CSV import',
  vcard: 'vCard import',
  linkedin: 'LinkedIn',
  google: 'Google sync',
  telegram: 'Telegram sync',
  email: 'Email',
  twitter: 'X (Twitter)',
  enrichment: 'Enrichment',
  wand: 'AI wand',
  carddav: 'Phone (CardDAV)',
  backup: 'Restored backup',
  agent: 'An agent',
  merge: 'Joined by a merge',
  monica: 'Monica import',
};
/** Sources that name a file the user imported: "CSV import of 2 Nov 2026". */
const IMPORTS = new Set<SourceKind>(['csv', 'vcard', 'backup', 'monica']);
/** Sources whose ref is a name the user gave or knows (a phone, a provider), not a run's id. */
const NAMED = new Set<SourceKind>(['carddav', 'enrichment']);

/**
 * "CSV import of 2 Nov 2026", "Phone (CardDAV) “Ada’s iPhone” on 28 Nov 2026", "Typed by you on
 * 28 Nov 2026": the kind, what names it when that means something to the user (not an import's
 * id), and the date, formatted by the caller.
 */
export function sourceLabel(source: Pick<FieldSourceView, 'source' | 'source_ref' | 'recorded_at'>, date: (iso: string) => string): string {
  const kind = KIND_LABELS[source.source] ?? source.source;
  const when = date(source.recorded_at);
  if (IMPORTS.has(source.source)) return `${kind} of ${when}`;
  // An agent is named by its token's name, as the activity log names it: "Claude (agent)".
  if (source.source === 'agent') return `${source.source_ref || 'An agent'} (agent) on ${when}`;
  if (source.source === 'merge') return `${kind} on ${when}`;
  const named = source.source_ref && NAMED.has(source.source) ? ` “${source.source_ref}”` : '';
  return `${kind}${named} on ${when}`;
}
