import type { Db } from '../../db/client';
import { newId } from '../../db/columns';
import { interactions } from '../../db/schema';

/** Logs on the contact's timeline, at `now`, what an enrichment added (`text`). */
export function insertEnrichmentEntry(db: Db, userId: string, contactId: string, text: string, now: string) {
  return db.insert(interactions).values({
    id: newId(),
    userId,
    contactId,
    kind: 'enrichment',
    channel: null,
    direction: null,
    subject: null,
    body: text,
    status: null,
    source: 'enrichment',
    externalId: null,
    occurredAt: now,
    createdAt: now,
    updatedAt: now,
  });
}
