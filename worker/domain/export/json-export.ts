import type { Db } from '../../db/client';
import type { InteractionRow } from '../../db/schema';
import type { PublicUser } from '../auth/users';
import { toOrganizationView } from '../organizations/organizations';
import { contactPages } from './contact-pages';
import { interactionsAfter, organizationsAfter } from './export-page-queries';

async function* keysetPages<T extends { id: string }>(fetchPage: (after: string) => Promise<T[]>, pageSize: number): AsyncGenerator<T[]> {
  let after = '';
  for (;;) {
    const rows = await fetchPage(after);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

function* jsonArrayItems(items: unknown[], first: { value: boolean }): Generator<string> {
  for (const item of items) {
    yield `${first.value ? '' : ','}\n${JSON.stringify(item)}`;
    first.value = false;
  }
}

const ORGANIZATIONS_PAGE = 500;
const INTERACTIONS_PAGE = 500;

/**
 * The user's interactions a page at a time, contact by contact, newest first: the order of
 * interactions_timeline, so each page is a seek and a short walk. Keyed by id, SQLite walked
 * all the user's interactions and sorted them again for every page (170 ms a page at 500 000).
 */
async function* interactionPages(db: Db, userId: string): AsyncGenerator<InteractionRow[]> {
  let last: InteractionRow | undefined;
  for (;;) {
    const rows = await interactionsAfter(db, userId, last, INTERACTIONS_PAGE);
    if (rows.length) yield rows;
    if (rows.length < INTERACTIONS_PAGE) return;
    last = rows[rows.length - 1];
  }
}

/**
 * Everything the user keeps in Kith as one JSON document, produced page by page so a
 * 50 000-contact account streams in constant memory.
 */
export async function* exportAccountJson(db: Db, user: PublicUser, bccDomain?: string): AsyncGenerator<string> {
  yield `{"format":"kith-export","version":1,"exported_at":${JSON.stringify(new Date().toISOString())},"user":${JSON.stringify(user)},\n"organizations":[`;
  let first = { value: true };
  for await (const page of keysetPages((after) => organizationsAfter(db, user.id, after, ORGANIZATIONS_PAGE), ORGANIZATIONS_PAGE)) {
    yield* jsonArrayItems(page.map(toOrganizationView), first);
  }
  yield '],\n"contacts":[';
  first = { value: true };
  for await (const page of contactPages(db, user.id, bccDomain)) yield* jsonArrayItems(page, first);
  yield '],\n"interactions":[';
  first = { value: true };
  for await (const page of interactionPages(db, user.id)) {
    yield* jsonArrayItems(
      page.map((i) => ({
        id: i.id,
        contact_id: i.contactId,
        kind: i.kind,
        channel: i.channel,
        direction: i.direction,
        subject: i.subject,
        body: i.body,
        occurred_at: i.occurredAt,
        status: i.status,
        source: i.source,
        external_id: i.externalId,
        private: i.private,
        created_at: i.createdAt,
      })),
      first,
    );
  }
  yield ']}\n';
}
