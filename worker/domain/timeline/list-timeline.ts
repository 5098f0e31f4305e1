import type { Db } from '../../db/client';
import type { InteractionRow } from '../../db/schema';
import { AppError, notFound } from '../errors';
import { findContactId, timelinePage } from './interaction-queries';
import { toInteractionView, type InteractionView } from './interaction-view';

export const TIMELINE_MAX_LIMIT = 200;

/** The keyset cursor (occurred_at, id) of the last row of a page, opaque to clients. */
export function encodeCursor(row: { occurred_at: string; id: string }): string {
  return btoa(JSON.stringify([row.occurred_at, row.id])).replaceAll('=', '');
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(atob(cursor)) as unknown;
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) return value as [string, string];
  } catch {
    // fall through to the 400 below
  }
  throw new AppError('invalid_request', 'The cursor is not valid', {
    issues: [{ path: 'cursor', message: 'is not a cursor this API gave out' }],
  });
}

export async function assertContactExists(db: Db, userId: string, contactId: string): Promise<void> {
  const row = await findContactId(db, userId, contactId);
  if (!row) throw notFound('Contact');
}

/** The contact's interactions, newest first; the page after `cursor` when given. */
export async function listTimeline(
  db: Db,
  userId: string,
  contactId: string,
  options: { cursor?: string; limit?: number } = {},
): Promise<{ items: InteractionView[]; nextCursor: string | null }> {
  await assertContactExists(db, userId, contactId);
  const query = timelineQuery(db, userId, contactId, options);
  return timelineOf(await query.statement, query.limit);
}

/** The read of a timeline page, to run alone or in a batch (the contact page), and the page size it asks for. */
export function timelineQuery(db: Db, userId: string, contactId: string, options: { cursor?: string; limit?: number } = {}) {
  const limit = Math.min(Math.max(1, options.limit ?? 50), TIMELINE_MAX_LIMIT);
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  // One row past the page says whether there is a next one.
  return { statement: timelinePage(db, userId, contactId, after, limit + 1), limit };
}

/** The page of a timelineQuery from its rows. */
export function timelineOf(rows: InteractionRow[], limit: number): { items: InteractionView[]; nextCursor: string | null } {
  const items = rows.slice(0, limit).map(toInteractionView);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
