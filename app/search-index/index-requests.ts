import { api, bodyOf, type BodyOf } from '../api/client';
import { LOCAL_INDEX_PAGE } from './local-index-limits';

export type IndexPage = BodyOf<Awaited<ReturnType<(typeof api)['search-index']['$get']>>>;
export type IndexPageRead = Promise<{ body: IndexPage; text: string }>;

/** A page of the index, and the text it came as: saved as it is (docs/decisions/068). */
export async function searchIndexPage(since: string): IndexPageRead {
  const res = await api['search-index'].$get({ query: { since, limit: String(LOCAL_INDEX_PAGE) } });
  // A refusal (410 cursor_expired, 429...) throws as every call's does.
  if (!res.ok) await bodyOf(Promise.resolve(res));
  const text = await res.text();
  return { body: JSON.parse(text) as IndexPage, text };
}

/** Where the log of moved scores stands now: taken before the snapshot, so no move is missed meanwhile. */
export async function scoreHead(): Promise<string> {
  return (await bodyOf(api['search-index'].scores.$get({ query: {} }))).meta.cursor;
}

/** A page of the scores moved since `since` (docs/decisions/055). */
export const scoresSince = (since: string) =>
  bodyOf(api['search-index'].scores.$get({ query: { since, limit: String(LOCAL_INDEX_PAGE) } }));

/** How many active contacts the user has: above the ceiling the index is never built. */
export async function activeContacts(): Promise<number> {
  const body = await bodyOf(api.contacts.$get({ query: { page_size: '1' } }));
  return (body.meta as { total: number }).total;
}
