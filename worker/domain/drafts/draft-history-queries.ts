import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interactions } from '../../db/schema';
import { shownInteractionOnDb } from '../auth/contact-limit-queries';

/** The contact's last `limit` interactions, newest first, as a draft reads them. */
export function recentConversation(db: Db, userId: string, contactId: string, limit: number) {
  return (
    db
      .select({
        kind: interactions.kind,
        channel: interactions.channel,
        direction: interactions.direction,
        subject: interactions.subject,
        body: interactions.body,
        occurredAt: interactions.occurredAt,
      })
      .from(interactions)
      // Enrichment entries are our own bookkeeping, not part of the conversation.
      .where(
        and(
          eq(interactions.userId, userId),
          eq(interactions.contactId, contactId),
          ne(interactions.kind, 'enrichment'),
          // An agent's draft must not carry what a private note says (ADR 044).
          shownInteractionOnDb(db, interactions.private),
        ),
      )
      .orderBy(desc(interactions.occurredAt), desc(interactions.id))
      .limit(limit)
  );
}
