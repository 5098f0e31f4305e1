import type { UserStore } from '../../db/stores';
import { contactRowsAmong, identifiersOfContacts, tagsOfContacts } from '../contacts/contact-record-queries';
import { datesOfContact } from '../dates/contact-date-queries';
import { notFound } from '../errors';
import { sourcesOfContact } from './field-source-queries';
import { fieldSourcesOf } from './field-sources';
import type { FieldSourceView } from './source-kinds';

/** Where each value of one contact came from (GET /api/v1/contacts/{id}/sources), in one batch. */
export async function readFieldSources(store: UserStore, contactId: string): Promise<FieldSourceView[]> {
  const { db, userId } = store;
  const [rows, idents, sources, tags, dates] = await db.batch([
    contactRowsAmong(db, userId, [contactId]),
    identifiersOfContacts(db, userId, [contactId]),
    sourcesOfContact(db, userId, contactId),
    tagsOfContacts(db, userId, [contactId]),
    datesOfContact(db, userId, contactId),
  ]);
  if (!rows[0]) throw notFound('Contact');
  return fieldSourcesOf(rows[0], idents, sources, { tags, dates });
}
