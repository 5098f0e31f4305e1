import { XForbiddenError } from '../../providers/x/x-api';
import { getXUserByUsername, listXConversationEvents, type XDmEvent, type XDmEventPage } from '../../providers/x/x-client';
import { channelConnection } from '../channels/connections';
import { normalizeHandle } from '../contacts/normalize';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { dmInteraction, readDmEvent } from './dm-events';
import { recordXFindings } from './sync-x';
import { withXApi } from './x-api-session';
import { contactXHandle } from './x-contact-queries';

/** Pages of the one conversation read per visit (newest first). */
const CONTACT_PAGES = 3;

/**
 * The X part of a contact page visit's sync: the contact's profile (its bio) and the
 * one-to-one conversation with them. Does nothing without a connected X or a handle; X
 * being unavailable or rate limiting is logged and left to the next visit, so the other
 * channels' per-contact syncs in the same job still run.
 */
export async function syncXContact(deps: Deps, userId: string, contactId: string): Promise<void> {
  const connection = await channelConnection(deps, userId, 'x');
  if (connection?.status !== 'connected') return;
  const contact = await contactXHandle(deps.db, userId, contactId);
  const handle = contact?.handle ? normalizeHandle(contact.handle) : '';
  if (!handle) return;
  try {
    const found = await withXApi(deps, userId, async (api, me) => {
      const user = await getXUserByUsername(api, handle);
      if (!user) return null;
      const events: XDmEvent[] = [];
      let token: string | undefined;
      for (let page = 0; page < CONTACT_PAGES; page++) {
        const answer = await listXConversationEvents(api, user.id, token).catch((error) => {
          // Never messaged, or X keeps the conversation from this account: nothing to log.
          if (error instanceof XForbiddenError) return {} as XDmEventPage;
          throw error;
        });
        events.push(...(answer.data ?? []));
        token = answer.meta?.next_token;
        if (!token) break;
      }
      const rows = events
        .map((e) => readDmEvent(e, me.user_id))
        .filter((dm) => dm?.counterpartId === user.id)
        .map((dm) => dmInteraction(contactId, dm!));
      return { rows, profiles: user.description !== undefined ? [{ contactId, description: user.description }] : [] };
    });
    if (found) await recordXFindings(deps, userId, found.rows, found.profiles, connection.createdAt);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.warn(`X sync of contact skipped: ${error.message}`);
  }
}
