import type { Db } from '../../db/client';
import { newId, nowIso } from '../../db/columns';
import { prepare } from '../../db/sql-batch';
import { recordDateSourcesStatement } from '../sources/date-source-queries';
import type { ValueSource } from '../sources/source-kinds';
import { storeContactPhoto } from '../contacts/contact-photos';
import type { Deps } from '../deps';
import { insertImportedDatesStatement } from './imported-records-queries';
import type { RowResult } from './row-to-record';
import type { ValueWarning } from '../contacts/read-contact';
import type { StagedCard } from './start-vcard-import';
import { groupCardMessage, isGroupCard } from './vcard-groups';
import { cardToRecord, type ImportedDate } from './vcard-to-record';
import type { ImportedOrganization } from './vcard-organizations';
import type { RelatedName } from '../relationships/vcard-related';

/** A card is a contact record, a company card's organization, or the reason it is neither. */
export type VcardRowResult = (RowResult | { status: 'organization'; organization: ImportedOrganization }) & {
  dates?: ImportedDate[];
  related?: RelatedName[];
  notice?: string;
};

const CUT_OFF = 'the card ends without END:VCARD: the file may be cut off';

/** A card cut off before END:VCARD is imported as far as it goes, and the report names it. */
function cutOffWarning(number: number, input: { first_name?: string | null; last_name?: string | null; emails?: string[] }): ValueWarning {
  const who = [input.first_name, input.last_name].filter(Boolean).join(' ') || input.emails?.[0] || '';
  return {
    field: '',
    value: '',
    message: `Card ${number}${who ? ` ("${who}")` : ''}: ${CUT_OFF}; imported as far as it goes, check its last field`,
  };
}

/** Staged cards as records; inline photos are stored now so the record carries their URL. */
export async function readVcardRows(deps: Deps, userId: string, cells: string[]): Promise<VcardRowResult[]> {
  return Promise.all(
    cells.map(async (raw) => {
      const card = JSON.parse(raw) as StagedCard;
      if (isGroupCard(card)) return { status: 'skipped' as const, message: groupCardMessage(card) };
      const result = await cardToRecord(card, { keepLeftovers: true });
      if (result.status === 'skipped' && card.cutOff) return { ...result, message: `${result.message} (${CUT_OFF})` };
      if (result.status !== 'record') return result;
      const { record, dates, photo, warnings, related } = result;
      if (photo && !record.input.avatar_url) {
        const url = await storeContactPhoto(deps, userId, photo);
        if (url) record.input.avatar_url = url;
      }
      const notice = card.photoDropped ? `Card ${card.number}: the photo is too large to keep; the rest was imported` : undefined;
      if (card.cutOff) warnings.push(cutOffWarning(card.number, record.input));
      return { status: 'record' as const, record, dates, warnings, related, ...(notice ? { notice } : {}) };
    }),
  );
}

/**
 * The cards' birthdays and other dates, added to the contact each card landed on, with the
 * import as their source (ADR 038). A contact keeps its one birthday; another date is added
 * unless the same one is already there.
 */
export function importedDatesStatements(
  db: Db,
  userId: string,
  dated: { contactId: string; dates: ImportedDate[] }[],
  source: ValueSource,
): D1PreparedStatement[] {
  const seen = new Set<string>();
  const rows = dated.flatMap(({ contactId, dates }) =>
    dates.flatMap((d) => {
      const key = d.kind === 'birthday' ? `${contactId}:birthday` : `${contactId}:${d.kind}:${d.month}:${d.day}:${d.label ?? ''}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ id: newId(), contact_id: contactId, ...d }];
    }),
  );
  const sources = recordDateSourcesStatement(userId, rows, source);
  if (!rows.length || !sources) return [];
  return [insertImportedDatesStatement(db.$client, userId, rows, nowIso()), prepare(db, sources)];
}
