import { nowIso } from '../../db/columns';
import type { WebhookEndpointRow } from '../../db/schema';
import { getUser } from '../auth/users';
import { readChanges, type ContactChange } from '../changes/change-feed';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { localDate } from '../keep-in-touch/calendar-dates';
import { toReminderView } from '../keep-in-touch/reminders';
import { emitEvent } from './emit-event';
import {
  advanceCursorStatement,
  changeLogEnd,
  enabledEndpoints,
  remindersDueBetween,
  remindersThroughStatement,
} from './webhook-endpoint-queries';
import { CONTACT_EVENT_TYPES, type WebhookEvent, type WebhookEventType } from './webhook-events';

/** Changes read per endpoint per scan; a scan with more left queues another. */
const PAGE = 100;

const eventsOf = (endpoint: WebhookEndpointRow): Set<WebhookEventType> => new Set(JSON.parse(endpoint.events) as WebhookEventType[]);

/**
 * What one change of the log (ADR 021) is to a webhook: a tombstone with merged_into is a
 * merge; an upsert of a contact created after the endpoint last read the log is a creation,
 * any other upsert an update. The log keeps one row per contact, its latest change, so
 * changes close together arrive as one event with the contact as it is now.
 */
function contactEvent(change: ContactChange, readUpTo: string): WebhookEvent {
  if (change.change === 'deleted') {
    return change.merged_into
      ? { type: 'contact.merged', data: { contact_id: change.contact_id, merged_into: change.merged_into } }
      : { type: 'contact.deleted', data: { contact_id: change.contact_id } };
  }
  const created = change.contact!.created_at > readUpTo;
  return { type: created ? 'contact.created' : 'contact.updated', data: { contact: change.contact } };
}

/** Reads the endpoint's next page of the change log and delivers what it subscribes to; true when more is left. */
async function scanContactChanges(deps: Deps, endpoint: WebhookEndpointRow, wanted: Set<WebhookEventType>): Promise<boolean> {
  const { store } = deps;
  let page;
  try {
    page = await readChanges(store, endpoint.changeCursor, PAGE, deps.settings.BCC_DOMAIN);
  } catch (error) {
    // Dormant past the tombstones' retention: what was deleted meanwhile is lost; start from now.
    if (!(error instanceof AppError && error.code === 'cursor_expired')) throw error;
    const end = await changeLogEnd(store);
    await emitEvent(store, deps.jobs, [], endpoint.id, [advanceCursorStatement(store, endpoint.id, end.seq, end.at ?? nowIso())]);
    return false;
  }
  const last = page.changes[page.changes.length - 1];
  const events = page.changes
    .map((change) => contactEvent(change, endpoint.changeCursorAt))
    .filter((event) => wanted.has(event.type as WebhookEventType));
  const cursor = Number(page.cursor);
  if (cursor > endpoint.changeCursor) {
    const at = last?.changed_at ?? endpoint.changeCursorAt;
    await emitEvent(store, deps.jobs, events, endpoint.id, [advanceCursorStatement(store, endpoint.id, cursor, at)]);
  }
  return page.has_more;
}

/** Announces the reminders that came due since the endpoint last looked (the account's local date). */
async function scanDueReminders(deps: Deps, endpoint: WebhookEndpointRow, today: string): Promise<void> {
  const { store } = deps;
  const at = nowIso();
  const due = await remindersDueBetween(store, endpoint.remindersThrough ?? today, endpoint.remindersScannedAt ?? at, today, 200);
  if (due.length === 0 && endpoint.remindersThrough === today) return;
  const events: WebhookEvent[] = due.map((row) => ({ type: 'reminder.due', data: { reminder: toReminderView(row) } }));
  await emitEvent(store, deps.jobs, events, endpoint.id, [remindersThroughStatement(store, endpoint.id, today, at)]);
}

/** The scan_webhook_events job for one user: contact changes and due reminders become deliveries. */
export async function scanWebhookEvents(deps: Deps): Promise<{ more: boolean }> {
  const endpoints = await enabledEndpoints(deps.store);
  let more = false;
  let today: string | null = null;
  for (const endpoint of endpoints) {
    const wanted = eventsOf(endpoint);
    if (CONTACT_EVENT_TYPES.some((type) => wanted.has(type))) more = (await scanContactChanges(deps, endpoint, wanted)) || more;
    if (wanted.has('reminder.due')) {
      today ??= localDate(new Date(), (await getUser(deps.directory.db, deps.store.userId))?.time_zone ?? 'UTC');
      await scanDueReminders(deps, endpoint, today);
    }
  }
  return { more };
}
