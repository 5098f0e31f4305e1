import type { UserStore } from '../../db/stores';
import { nowIso } from '../../db/columns';
import type { LifeEventRow } from '../../db/schema';
import { AppError, notFound } from '../errors';
import { addReminder, type ReminderView } from '../keep-in-touch/reminders';
import type { AcceptProposalInput } from './life-event-input';
import { eventCountOfUser, eventsOfUserPage, ownEvent, updateEvent } from './life-event-queries';
import { lifeEventViewOf, networkEventViewOf, type LifeEventView, type NetworkLifeEventView } from './life-event-view';
import { recursOnOf } from './life-events';

/** A page of the proposals waiting in What's new, newest first, and how many wait. */
export async function listProposals(
  store: UserStore,
  page: number,
  pageSize: number,
): Promise<{ items: NetworkLifeEventView[]; total: number }> {
  const [rows, [counted]] = await store.db.batch([
    eventsOfUserPage(store.db, store.userId, 'proposed', pageSize, (page - 1) * pageSize),
    eventCountOfUser(store.db, store.userId, 'proposed'),
  ]);
  return { items: rows.map(networkEventViewOf), total: counted?.total ?? 0 };
}

async function waitingProposal(store: UserStore, id: string, contactId: string | null): Promise<LifeEventRow> {
  const row = await ownEvent(store.db, store.userId, id, contactId);
  if (!row) throw notFound('Proposal');
  if (row.status !== 'proposed') throw new AppError('conflict', `This event was already ${row.status}`);
  return row;
}

/** The proposal becomes an event of the contact, as corrected; with a reminder when asked. */
export async function acceptProposal(
  store: UserStore,
  id: string,
  input: AcceptProposalInput,
  contactId: string | null = null,
): Promise<{ event: LifeEventView; reminder: ReminderView | null }> {
  const row = await waitingProposal(store, id, contactId);
  const happenedOn = input.happened_on !== undefined ? input.happened_on : row.happenedOn;
  if (input.recurs && happenedOn?.length !== 10)
    throw new AppError('invalid_request', 'A yearly event needs a full date', {
      issues: [{ path: 'recurs', message: 'a yearly event needs a full date (YYYY-MM-DD)' }],
    });
  const now = nowIso();
  const next: LifeEventRow = {
    ...row,
    kind: input.kind ?? row.kind,
    summary: input.summary ?? row.summary,
    happenedOn,
    recursOn: recursOnOf(input.recurs ?? row.recursOn !== null, happenedOn),
    evidence: input.evidence !== undefined ? input.evidence || null : row.evidence,
    status: 'accepted',
    updatedAt: now,
    decidedAt: now,
  };
  await updateEvent(store.db, store.userId, id, next);
  const reminder = input.remind_on
    ? await addReminder(store.db, store.userId, row.contactId, { on: input.remind_on, note: `Get in touch: ${next.summary}` })
    : null;
  return { event: lifeEventViewOf(next), reminder };
}

/** The proposal is set aside: shown nowhere, and the same finding is not proposed again. Nothing else learns from it. */
export async function dismissProposal(store: UserStore, id: string, contactId: string | null = null): Promise<LifeEventView> {
  const row = await waitingProposal(store, id, contactId);
  const now = nowIso();
  const next: LifeEventRow = { ...row, status: 'dismissed', updatedAt: now, decidedAt: now };
  await updateEvent(store.db, store.userId, id, next);
  return lifeEventViewOf(next);
}
