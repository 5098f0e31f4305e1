import type { UserStore } from '../../db/stores';
import { newId, nowIso } from '../../db/columns';
import type { LifeEventRow } from '../../db/schema';
import { AppError, notFound } from '../errors';
import { assertContactExists } from '../timeline/list-timeline';
import type { CreateLifeEventInput, UpdateLifeEventInput } from './life-event-input';
import type { LifeEventStatus } from './life-event-kinds';
import { deleteEvent, eventCountOfContact, eventsOfContactPage, insertEvent, ownEvent, updateEvent } from './life-event-queries';
import { lifeEventViewOf, type LifeEventView } from './life-event-view';

/** The 'MM-DD' an event comes back on every year, when it recurs and has its day. */
export const recursOnOf = (recurs: boolean, happenedOn: string | null): string | null =>
  recurs && happenedOn?.length === 10 ? happenedOn.slice(5) : null;

/** A page of the contact's events (accepted ones unless asked), newest first, and how many there are. */
export async function listLifeEvents(
  store: UserStore,
  contactId: string,
  statuses: LifeEventStatus[],
  page: number,
  pageSize: number,
): Promise<{ items: LifeEventView[]; total: number }> {
  await assertContactExists(store.db, store.userId, contactId);
  const [rows, [counted]] = await store.db.batch([
    eventsOfContactPage(store.db, store.userId, contactId, statuses, pageSize, (page - 1) * pageSize),
    eventCountOfContact(store.db, store.userId, contactId, statuses),
  ]);
  return { items: rows.map(lifeEventViewOf), total: counted?.total ?? 0 };
}

export async function getLifeEvent(store: UserStore, contactId: string, id: string): Promise<LifeEventView> {
  const row = await ownEvent(store.db, store.userId, id, contactId);
  if (!row) throw notFound('Life event');
  return lifeEventViewOf(row);
}

/** The user's event `id`, whichever contact it is of (Home's "Remind me"). */
export async function getLifeEventAnywhere(store: UserStore, id: string): Promise<LifeEventView> {
  const row = await ownEvent(store.db, store.userId, id, null);
  if (!row) throw notFound('Life event');
  return lifeEventViewOf(row);
}

/** An event the user adds by hand: accepted, its source the user. */
export async function createLifeEvent(store: UserStore, contactId: string, input: CreateLifeEventInput): Promise<LifeEventView> {
  await assertContactExists(store.db, store.userId, contactId);
  const now = nowIso();
  const happenedOn = input.happened_on ?? null;
  const row: LifeEventRow = {
    id: newId(),
    userId: store.userId,
    contactId,
    kind: input.kind,
    summary: input.summary,
    happenedOn,
    recursOn: recursOnOf(input.recurs ?? false, happenedOn),
    status: 'accepted',
    source: 'manual',
    evidence: input.evidence || null,
    field: null,
    oldValue: null,
    newValue: null,
    interactionId: null,
    importId: null,
    proposalKey: null,
    createdAt: now,
    updatedAt: now,
    decidedAt: now,
  };
  await insertEvent(store.db, row);
  return lifeEventViewOf(row);
}

/** Edits an event, found or typed; what it was found in stays as it was. */
export async function updateLifeEvent(store: UserStore, contactId: string | null, id: string, input: UpdateLifeEventInput) {
  const row = await ownEvent(store.db, store.userId, id, contactId);
  if (!row) throw notFound('Life event');
  const happenedOn = input.happened_on !== undefined ? input.happened_on : row.happenedOn;
  const recurs = input.recurs ?? row.recursOn !== null;
  if (input.recurs && happenedOn?.length !== 10)
    throw new AppError('invalid_request', 'A yearly event needs a full date', {
      issues: [{ path: 'recurs', message: 'a yearly event needs a full date (YYYY-MM-DD)' }],
    });
  const next: LifeEventRow = {
    ...row,
    kind: input.kind ?? row.kind,
    summary: input.summary ?? row.summary,
    happenedOn,
    recursOn: recursOnOf(recurs, happenedOn),
    evidence: input.evidence !== undefined ? input.evidence || null : row.evidence,
    updatedAt: nowIso(),
  };
  await updateEvent(store.db, store.userId, id, next);
  return lifeEventViewOf(next);
}

export async function deleteLifeEvent(store: UserStore, contactId: string, id: string): Promise<void> {
  const deleted = await deleteEvent(store.db, store.userId, id, contactId);
  if (!deleted.length) throw notFound('Life event');
}
