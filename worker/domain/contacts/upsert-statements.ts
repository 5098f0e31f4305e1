import { contactIdentifiers, contacts, contactTags, importFingerprints, organizations, type ContactRow } from '../../db/schema';
import { prepare } from '../../db/sql-batch';
import type { Deps } from '../deps';
import { suggestDuplicatesStatement } from '../duplicates/duplicate-suggestions';
import type { PlaceOf } from '../geocoding/known-places';
import type { FoundIn } from '../life-events/field-change-proposals';
import { upsertProposalStatement } from '../life-events/upsert-proposals';
import { recordSourcesStatement } from '../sources/field-source-queries';
import { sourcedValues } from '../sources/source-writes';
import type { ValueSource } from '../sources/source-kinds';
import { identifierKey } from '../sources/field-values';
import { dropIdentifiersStatements } from './contact-upsert-queries';
import { deferForeignKeysStatement, jsonInsert, jsonUpdateById } from './json-row-queries';
import { FILLABLE, type UpsertWrites } from './upsert-writes';

const UPDATED_KEYS: (keyof ContactRow)[] = [...FILLABLE, 'fullName', 'nameSort', 'nameLatin', 'updatedAt'];

/** A new contact in a place the cache knows is written placed; the others wait for geocoding. */
export function placeNewContacts(w: UpsertWrites, placeOf?: PlaceOf): void {
  for (const s of w.states.values()) {
    if (!s.isNew || !s.row.location) continue;
    const place = placeOf?.(s.row.location);
    if (place === undefined) {
      w.geocode.add(s.row.id);
      continue;
    }
    w.geocode.delete(s.row.id);
    Object.assign(s.row, {
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      geocodedPlace: place?.placeName ?? null,
      geocodedLocation: s.row.location,
      geocodedAt: w.now,
    });
  }
}

/** The batch's writes as statements, in the order they must run; proposals from changed jobs and places when asked. */
export async function upsertStatements(
  deps: Deps,
  w: UpsertWrites,
  valueSource: ValueSource,
  foundIn?: FoundIn,
): Promise<{ statements: D1PreparedStatement[]; proposalIds: string[] }> {
  const d1 = deps.store.d1;
  const { userId } = w;
  const all = [...w.states.values()];
  const created = all.filter((s) => s.isNew).map((s) => s.row);
  const updated = all.filter((s) => !s.isNew && s.changed).map((s) => s.row);
  const statements: D1PreparedStatement[] = [];
  if (w.newOrgs.length) statements.push(jsonInsert(d1, organizations, w.newOrgs, 'ignore'));
  // New contacts' identifiers and tags are written before the contacts, so each contact's
  // search row is written once, whole, by its insert trigger. Written after, every email,
  // LinkedIn URL and tag rewrote the row (an FTS5 delete and insert of all its columns). Their
  // foreign keys are checked at the batch's commit instead (D1 runs a batch as a transaction).
  if (created.length) statements.push(deferForeignKeysStatement(d1));
  if (w.droppedIdentifiers.length)
    statements.push(
      ...dropIdentifiersStatements(
        d1,
        userId,
        w.droppedIdentifiers.map((d) => ({ ...d, key: identifierKey(d.valueNorm) })),
      ),
    );
  if (w.newIdentifiers.length) statements.push(jsonInsert(d1, contactIdentifiers, w.newIdentifiers, 'ignore'));
  if (w.newTags.length) statements.push(jsonInsert(d1, contactTags, w.newTags, 'ignore'));
  if (created.length) statements.push(jsonInsert(d1, contacts, created));
  if (updated.length) statements.push(jsonUpdateById(d1, contacts, userId, updated, UPDATED_KEYS));
  if (w.fingerprintRows.length) statements.push(jsonInsert(d1, importFingerprints, w.fingerprintRows, 'replace'));
  const sources = recordSourcesStatement(userId, sourcedValues(all, w.newTags), valueSource);
  if (sources) statements.push(prepare(deps.db, sources));
  const suggest = suggestDuplicatesStatement(d1, userId, w.suggested);
  if (suggest) statements.push(suggest);
  const proposals = foundIn ? await upsertProposalStatement(d1, userId, w.fieldChecks, foundIn) : null;
  if (proposals) statements.push(proposals.statement);
  return { statements, proposalIds: proposals?.ids ?? [] };
}
