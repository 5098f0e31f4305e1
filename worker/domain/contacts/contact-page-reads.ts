import type { Db } from '../../db/client';
import { limitOfDb } from '../auth/contact-limit';
import { notFound } from '../errors';
import { timelineOf, timelineQuery } from '../timeline/list-timeline';
import { contactCardQueries, contactCardsOf } from './contact-cards';
import { addContactRecords, contactRecordQueries, contactViewsOf } from './contact-view';
import { sourcesOfContact } from '../sources/field-source-queries';
import { fieldSourcesOf } from '../sources/field-sources';
import { syncRequestOf } from '../sync/contact-sync-queries';

/**
 * The contact page's reads that need no step before them, as one D1 batch: the contact, the
 * first page of its timeline and the side cards. Not found when the contact is not the user's
 * (the other reads, scoped to the user too, then find nothing).
 */
export async function readContactPageBatch(
  db: Db,
  userId: string,
  contactId: string,
  options: { timelineLimit: number; bccDomain?: string },
) {
  const timeline = timelineQuery(db, userId, contactId, { limit: options.timelineLimit });
  const [rows, idents, tags, companies, interactions, sources, syncRequest, ...cardRows] = await db.batch([
    ...contactRecordQueries(db, userId, [contactId]),
    timeline.statement,
    sourcesOfContact(db, userId, contactId),
    syncRequestOf(db, userId, contactId),
    ...contactCardQueries(db, userId, contactId),
  ]);
  const [contact] = contactViewsOf(addContactRecords([rows, idents, tags, companies]), [contactId], options.bccDomain);
  if (!contact) throw notFound('Contact');
  const cards = contactCardsOf(cardRows, limitOfDb(db));
  return {
    contact,
    // The row and identifiers as read, for what compares the contact with others (duplicatesOf).
    row: rows[0]!,
    identifiers: idents,
    // When the visit's DM sync was last asked for: the page asks again at most hourly (requestSyncOfShownContact).
    syncRequestedAt: syncRequest[0]?.requestedAt ?? null,
    fieldSources: fieldSourcesOf(rows[0]!, idents, sources, { tags, dates: cards.dates }),
    timeline: timelineOf(interactions, timeline.limit),
    cards,
  };
}
