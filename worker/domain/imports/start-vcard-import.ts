import { newId, nowIso } from '../../db/columns';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { readVcardFile, type RawCard } from './vcard-file';

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
  return { number: card.number, version: card.version, properties: [], problem: 'The card is too large to import (over 700 000 characters)' };
}

/**
 * A vCard file (Apple, Google, Outlook exports; vCard 2.1/3.0/4.0) goes through the same
 * pipeline as a CSV: one staged row per card, then the run_import job in chunks.
 */
export async function startVcardImport(deps: Deps, userId: string, input: { fileName: string | null; bytes: Uint8Array }): Promise<{ import_id: string }> {
  const cards = readVcardFile(input.bytes).map(stageable);
  if (cards.length === 0) throw new AppError('invalid_request', 'The file contains no cards.');
  const d1 = deps.store.d1;
  const id = newId();
  const statements = [
    d1
      .prepare(`INSERT INTO imports (id, user_id, kind, status, total, source, file_name, mapping, created_at, updated_at)
        VALUES (?1, ?2, 'file', 'queued', ?3, 'vcard', ?4, '{}', ?5, ?5)`)
      .bind(id, userId, cards.length, input.fileName?.slice(0, 200) ?? null, nowIso()),
  ];
  let batch: [number, string][] = [];
  let size = 0;
  const flush = () => {
    if (!batch.length) return;
    statements.push(
      d1
        .prepare(`INSERT INTO import_rows (import_id, row_number, cells)
          SELECT ?1, json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?2)`)
        .bind(id, JSON.stringify(batch)),
    );
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
