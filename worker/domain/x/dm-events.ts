import type { XDmEvent, XUser } from '../../providers/x/x-client';
import { contactsOwningIdentifiers } from '../contacts/contact-identifier-queries';
import { normalizeHandle } from '../contacts/normalize';
import type { Deps } from '../deps';
import type { NewInteraction } from '../timeline/record-interactions';

/** A one-to-one direct message as Kith logs it. */
export interface XDirectMessage {
  eventId: string;
  /** The other person's X user id. */
  counterpartId: string;
  direction: 'in' | 'out';
  text: string;
  occurredAt: Date;
}

/**
 * A DM event as a direct message, or null for what Kith does not log: joins and leaves, and
 * group conversations (their id is not "<user id>-<user id>").
 */
export function readDmEvent(event: XDmEvent, myId: string): XDirectMessage | null {
  if (event.event_type !== 'MessageCreate' || !event.sender_id) return null;
  const pair = /^\d+-\d+$/.test(event.dm_conversation_id ?? '') ? event.dm_conversation_id!.split('-') : null;
  const participants = pair ?? (event.participant_ids?.length === 2 ? event.participant_ids : null);
  if (!participants) return null;
  const incoming = event.sender_id !== myId;
  const counterpartId = incoming ? event.sender_id : participants.find((id) => id !== myId);
  if (!counterpartId) return null;
  const at = event.created_at ? new Date(event.created_at) : new Date();
  return {
    eventId: event.id,
    counterpartId,
    direction: incoming ? 'in' : 'out',
    text: event.text ?? '',
    occurredAt: Number.isNaN(at.getTime()) ? new Date() : at,
  };
}

/** The user's contacts with these X handles (any case, with or without @): handle -> contact id. */
export async function contactsByXHandle(deps: Deps, userId: string, handles: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const unique = [...new Set(handles.map(normalizeHandle))].filter(Boolean);
  // 90 per statement: under D1's 100 bound parameters with user_id and kind.
  for (let i = 0; i < unique.length; i += 90) {
    const rows = await contactsOwningIdentifiers(deps.db, userId, 'twitter', unique.slice(i, i + 90));
    for (const r of rows) found.set(r.valueNorm, r.contactId);
  }
  return found;
}

/** The interaction a DM makes: keyed by X's dm event id, the key sending uses too. */
export const dmInteraction = (contactId: string, dm: XDirectMessage): NewInteraction => ({
  contact_id: contactId,
  kind: 'message',
  channel: 'twitter',
  direction: dm.direction,
  body: dm.text.slice(0, 20_000) || null,
  source: 'x',
  external_id: dm.eventId,
  occurred_at: dm.occurredAt,
});

/** A contact's X profile as a sync saw it. */
export interface XProfileSighting {
  contactId: string;
  description: string;
}

/**
 * DM events (and the users X expanded with them) as interactions on the timelines of the
 * contacts whose handle matches the other participant, and those contacts' profiles.
 */
export async function dmEventsToInteractions(
  deps: Deps,
  userId: string,
  myId: string,
  events: XDmEvent[],
  users: XUser[],
): Promise<{ rows: NewInteraction[]; profiles: XProfileSighting[] }> {
  const usersById = new Map(users.map((u) => [u.id, u]));
  const dms = events.map((e) => readDmEvent(e, myId)).filter((d): d is XDirectMessage => d !== null);
  const owners = await contactsByXHandle(
    deps,
    userId,
    users.filter((u) => u.id !== myId).map((u) => u.username),
  );
  const contactOf = (xUserId: string) => {
    const user = usersById.get(xUserId);
    return user ? owners.get(normalizeHandle(user.username)) : undefined;
  };
  const rows: NewInteraction[] = [];
  for (const dm of dms) {
    const contactId = contactOf(dm.counterpartId);
    if (contactId) rows.push(dmInteraction(contactId, dm));
  }
  const profiles: XProfileSighting[] = [];
  for (const user of users) {
    const contactId = user.id === myId ? undefined : contactOf(user.id);
    if (contactId && user.description !== undefined) profiles.push({ contactId, description: user.description });
  }
  return { rows, profiles };
}
