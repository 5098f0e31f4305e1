import { and, eq } from 'drizzle-orm';
import { interactions } from '../../db/schema';
import { ofExistingContact } from '../contacts/contact-delete-queries';
import type { Deps } from '../deps';
import { notFound } from '../errors';
import { toInteractionView, type InteractionView } from './interaction-view';
import { recordInteractions, type NewInteraction } from './record-interactions';

/**
 * Logs a message Kith just sent and answers its timeline entry. When a sync logged the same
 * message first (same source and external id), that entry. When neither exists, the contact
 * was deleted while the message was on its way: the message went out, there is no timeline.
 */
export async function recordSentMessage(
  deps: Deps,
  userId: string,
  message: NewInteraction & { source: string; external_id: string },
): Promise<InteractionView> {
  const [logged] = await recordInteractions(deps, userId, [message]);
  if (logged) return logged;
  const existing = await deps.db
    .select()
    .from(interactions)
    .where(
      and(
        eq(interactions.userId, userId),
        eq(interactions.source, message.source),
        eq(interactions.externalId, message.external_id),
        ofExistingContact,
      ),
    )
    .get();
  if (!existing) throw notFound('Contact');
  return toInteractionView(existing);
}
