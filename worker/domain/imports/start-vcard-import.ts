import { newId, nowIso } from '../../db/columns';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { newVcardImportStatement, stageRowsStatement } from './import-queries';
import { readVcardFile, type RawCard } from './vcard-file';
import { assertMayImport } from './import-limit';
import { groupsAsCategories } from './vcard-groups';

// A staged row stays well inside D1's 1 MB row; a card with a larger photo is staged without it.
const MAX_CARD_CHARS = 700_000;
// One staging statement carries its cards in one bound JSON parameter: keep it modest.
const MAX_STAGING_CHARS = 800_000;

/** A card as staged in import_rows.cells: already unfolded, decoded and parsed. */
export interface StagedCard extends RawCard {
  photoDropped?: boolean;
}

function stageable(card: RawCard): StagedCard {
  if (JSON.stringify(card).length <= MAX_CARD_CHARS) return card;
  const properties = card.properties.filter((p) => p.name !== 'PHOTO');
  const fits: StagedCard = { ...card, properties, photoDropped: true };
  if (JSON.stringify(fits).length <= MAX_CARD_CHARS) return fits;
  return {
    number: card.number,
    version: card.version,
    properties: [],
    problem: 'The card is too large to import (over 700 000 characters)',
  };
}

/**
 * A vCard file (Apple, Google, Outlook exports; vCard 2.1/3.0/4.0) goes through the same
 * pipeline as a CSV: one staged row per card, then the run_import job in chunks.
 */
export async function startVcardImport(
  deps: Deps,
  userId: string,
  input: { fileName: string | null; bytes: Uint8Array },
): Promise<{ import_id: string }> {
  assertMayImport(deps.db);
  const cards = groupsAsCategories(readVcardFile(input.bytes)).map(stageable);
  if (cards.length === 0) throw new AppError('invalid_request', 'The file contains no cards.');
  const d1 = deps.store.d1;
  const id = newId();
  const statements = [
    newVcardImportStatement(d1, { id, userId, total: cards.length, fileName: input.fileName?.slice(0, 200) ?? null, now: nowIso() }),
  ];
  let batch: [number, string][] = [];
  let size = 0;
  const flush = () => {
    if (!batch.length) return;
    statements.push(stageRowsStatement(d1, id, batch));
    batch = [];
    size = 0;
  };
  for (const card of cards) {
    const cells = JSON.stringify(card);
    if (size + cells.length > MAX_STAGING_CHARS) flush();
    batch.push([card.number, cells]);
    size += cells.length;
  }
  flush();
  await d1.batch(statements);
  await deps.jobs.send({ type: 'run_import', user_id: userId, import_id: id });
  return { import_id: id };
}
