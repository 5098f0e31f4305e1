import type { ContactRow } from '../../db/schema';
import type { ValueWarning } from './read-contact';
import type { ContactCreate } from './contact-input';
import { identifiersOf, columnsOf } from './save-contact';
import type { Identifier } from './identifiers';
import { fullNameOf } from './normalize';
import { foldText } from '../folding';

// The shapes a batched contact upsert takes and gives (upsert-contacts.ts and its parts).

/** One incoming person (an import row, a synced Google contact, a LinkedIn participant). */
export interface ContactRecord {
  input: ContactCreate;
  connectedOn?: string | null;
  /** Hash of the imported row: finds the contact again on re-import without identifiers. */
  fingerprint?: string;
  /** A Kith contact id (from our own export). */
  contactId?: string;
  /** Lines for the contact's notes (values Kith could not read): appended once, never twice. */
  noteLines?: string[];
  /**
   * The source's current copy of a contact it made (a Monica re-import, ADR 057): on the contact
   * its fingerprint found, a value this source wrote and nobody changed since is replaced by
   * this one, and a labelled note line ("Monica · Nickname: …") replaces the line of its label.
   */
  refreshes?: boolean;
}

export type UpsertOutcome = 'created' | 'updated' | 'unchanged';

export interface UpsertPlan {
  /** Run these in one batch (with the caller's own bookkeeping) to apply the upsert. */
  statements: D1PreparedStatement[];
  /**
   * Per record, in order: the contact it landed on, what happened to it, and the values that
   * stayed on another contact (ADR 013) as warnings for the import summary.
   */
  outcomes: { contactId: string; outcome: UpsertOutcome; warnings: ValueWarning[] }[];
  /** Contacts whose location is new: enqueue geocoding after the batch succeeds. */
  geocode: string[];
  /** Life events proposed from changed jobs and places: announce them after the batch (announceFound). */
  proposalIds: string[];
}

/** A record read once for the upsert: its columns, its identifiers and its company's name. */
export interface UpsertItem {
  rec: ContactRecord;
  cols: Partial<ContactRow>;
  ids: Identifier[];
  company: string | null;
}

export function upsertItems(records: ContactRecord[]): UpsertItem[] {
  return records.map((rec) => {
    const cols = columnsOf(rec.input);
    if (rec.connectedOn) cols.connectedOn = rec.connectedOn;
    return { rec, cols, ids: identifiersOf(rec.input).list, company: rec.input.company?.trim() || null };
  });
}

export const nameOf = (item: UpsertItem) => ({ firstName: item.cols.firstName, lastName: item.cols.lastName });
export const nameSortOf = (item: UpsertItem) => foldText(fullNameOf(item.cols.firstName, item.cols.lastName));
