import { channelConnection, recordChannelSync } from '../channels/connections';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { contactsArrived } from '../imports/contacts-arrived';
import { recordInteractions, type NewInteraction } from '../timeline/record-interactions';
import { listXDmEvents, type XDmEvent, type XUser } from '../../providers/x/x-client';
import type { XApi } from '../../providers/x/x-api';
import { dmEventsToInteractions, type XProfileSighting } from './dm-events';
import { bioChanges } from './x-bio';
import { withXApi } from './x-api-session';

/** Pages of 100 events per run (X keeps 30 days of DMs; each page is a subrequest). */
export const MAX_PAGES = 10;

/** What the X channel's sync_cursor holds (JSON). */
interface XSyncCursor {
  /** The newest DM event id stored: paging stops once it is reached. */
  newestEventId?: string;
}

function readCursor(text: string | null | undefined): XSyncCursor {
  try {
    const value = text ? (JSON.parse(text) as XSyncCursor) : {};
    return typeof value === 'object' && value ? value : {};
  } catch {
    return {};
  }
}

// Event ids are snowflakes: newer means larger.
const newer = (a: string, b: string | undefined) => !b || BigInt(a) > BigInt(b);

/** The DM events since `newestEventId` (newest first, as X pages them), and who is in them. */
async function readNewEvents(api: XApi, newestEventId: string | undefined): Promise<{ events: XDmEvent[]; users: XUser[] }> {
  const events: XDmEvent[] = [];
  const users: XUser[] = [];
  let token: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await listXDmEvents(api, token);
    const fresh = (answer.data ?? []).filter((e) => newer(e.id, newestEventId));
    events.push(...fresh);
    users.push(...(answer.includes?.users ?? []));
    token = answer.meta?.next_token;
    if (!token || fresh.length < (answer.data ?? []).length) break;
  }
  return { events, users };
}

/**
 * Logs DMs and bio changes, then the common after-sync rules for the contacts touched. DMs from
 * before X was connected (`historyBefore`) are history: logged, not announced (ADR 083).
 */
export async function recordXFindings(
  deps: Deps,
  userId: string,
  rows: NewInteraction[],
  profiles: XProfileSighting[],
  historyBefore: string,
): Promise<string[]> {
  const bios = await bioChanges(deps, userId, profiles);
  // Through recordInteractions new DMs dismiss older pending follow-ups and recompute scores.
  const inserted = await recordInteractions(deps, userId, [...rows, ...bios], { historyBefore });
  const touched = [...new Set(inserted.map((i) => i.contact_id))];
  await contactsArrived(deps, touched);
  return touched;
}

/**
 * One run of the X channel's sync: the DM events since the last run go onto the timelines of
 * the contacts whose X handle matches the other participant, once each (keyed by the dm
 * event id); the bios X expands with them are compared with the last ones seen.
 */
export async function syncX(deps: Deps, userId: string): Promise<{ logged: number; contact_ids: string[] }> {
  const connection = await channelConnection(deps, userId, 'x');
  if (!connection || connection.status !== 'connected') return { logged: 0, contact_ids: [] };
  const cursor = readCursor(connection.syncCursor);
  const found = await withXApi(deps, userId, async (api, me) => {
    const { events, users } = await readNewEvents(api, cursor.newestEventId);
    return { events, ...(await dmEventsToInteractions(deps, userId, me.user_id, events, users)) };
  });
  const contactIds = await recordXFindings(deps, userId, found.rows, found.profiles, connection.createdAt);
  const newest = found.events.reduce<string | undefined>((max, e) => (newer(e.id, max) ? e.id : max), cursor.newestEventId);
  await recordChannelSync(deps, userId, 'x', JSON.stringify({ newestEventId: newest }));
  return { logged: found.rows.length, contact_ids: contactIds };
}

/** "Sync now" on the X card: 409 when X is not connected. */
export async function requestXSync(deps: Deps, userId: string): Promise<void> {
  const connection = await channelConnection(deps, userId, 'x');
  if (!connection) throw new AppError('channel_not_connected', 'Connect X in Settings → Integrations first.');
  await deps.jobs.send({ type: 'sync_x', user_id: userId });
}
