/**
 * One contact as the browser's local search index keeps it (docs/decisions/040): the words the
 * server's search index holds for it (contacts_fts, migrations/0039), without the notes, and
 * what the list's sorts and rows read. Never notes, messages, phones or addresses.
 */
export interface SearchRow {
  id: string;
  full_name: string;
  /** The full name folded as the server folds it (contacts.name_sort): search tier 1 and the name sort. */
  name_sort: string;
  /**
   * The name in Latin letters when it is written in Cyrillic or Greek (contacts.name_latin), words
   * the index's `name` column also holds (ADR 084). A row a device saved before has none.
   */
  name_latin: string | null;
  /** What the index's `company` column holds: the organization's name and its website's host. */
  company: string | null;
  /** The organization's name alone, to show. */
  company_name: string | null;
  company_id: string | null;
  title: string | null;
  /** Telegram and X usernames and LinkedIn slugs, as the index's `handles` column holds them. */
  handles: string | null;
  emails: string[];
  /** The typed location and the geocoded place, as the index's `places` column holds them. */
  places: string | null;
  tags: string[];
  priority: 'high' | 'medium' | 'low' | 'archived';
  relationship_score: number;
  next_due: string | null;
  created_at: string;
  last_interaction_at: string | null;
  connected_on: string | null;
}

/** A change of the local index: a contact as it is now, or gone (deleted, or merged into another). */
export interface SearchRowChange {
  contact_id: string;
  change: 'upserted' | 'deleted';
  merged_into: string | null;
  row: SearchRow | null;
}
