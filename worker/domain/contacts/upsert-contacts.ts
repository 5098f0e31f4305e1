import { nowIso } from '../../db/columns';
import type { Deps } from '../deps';
import type { PlaceOf } from '../geocoding/known-places';
import type { FoundIn } from '../life-events/field-change-proposals';
import type { SourceKind, ValueSource } from '../sources/source-kinds';
import { upsertItems, type ContactRecord, type UpsertPlan } from './contact-record';
import { contactsToLoad, lookUpHoldings } from './upsert-matching';
import { placeNewContacts, upsertStatements } from './upsert-statements';
import { loadStates } from './upsert-state';
import { applyRecord, type UpsertWrites } from './upsert-writes';

export type { ContactRecord, UpsertOutcome, UpsertPlan } from './contact-record';

/**
 * The batched form of create/update for many records at once: each record updates the
 * contact it matches by id, fingerprint or a unique identifier (empty fields only), or
 * creates a new contact with the same row rules as createContact; a phone shared by two
 * clearly different names is no match (ADR 013). Lookups take a few round trips whatever
 * the number of records; the writes are returned as statements.
 */
export async function planContactUpserts(
  deps: Deps,
  userId: string,
  records: ContactRecord[],
  source: string,
  placeOf?: PlaceOf,
  valueSource: ValueSource = { kind: source as SourceKind },
  /** Where the records come from, when a changed job or place there is news (ADR 036): proposals are written with the upsert. */
  foundIn?: FoundIn,
): Promise<UpsertPlan> {
  const d1 = deps.store.d1;
  const items = upsertItems(records);
  const holdings = await lookUpHoldings(d1, userId, items);
  const refresher = items.some((i) => i.rec.refreshes) ? valueSource.kind : undefined;
  const states = await loadStates(deps, userId, await contactsToLoad(d1, userId, holdings, items), refresher);
  const w: UpsertWrites = {
    userId,
    source,
    now: nowIso(),
    proposes: foundIn !== undefined,
    states,
    newOrgs: [],
    newIdentifiers: [],
    droppedIdentifiers: [],
    newTags: [],
    fingerprintRows: [],
    suggested: [],
    geocode: new Set(),
    outcomes: [],
    fieldChecks: [],
  };
  for (const item of items) applyRecord(w, holdings, item);
  placeNewContacts(w, placeOf);
  const { statements, proposalIds } = await upsertStatements(deps, w, valueSource, foundIn);
  return { statements, outcomes: w.outcomes, geocode: [...w.geocode], proposalIds };
}
