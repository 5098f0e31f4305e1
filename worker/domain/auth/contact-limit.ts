import type { Db } from '../../db/client';
import { createDb } from '../../db/client';
import type { UserStore } from '../../db/stores';
import { tagNorm } from '../contacts/normalize';
import { AppError } from '../errors';

/**
 * Which contacts a token may see, beyond its scopes (issue 47, ADR 035): only those holding one
 * of `tags` (null: any), and never those tagged "private" when `hidePrivate`. Enforced where the
 * store reads contacts (the list and search, a contact's reads, its timeline and writes, the
 * agenda, the change feed), so the REST API, the pages' API calls and the MCP tools honour it alike.
 */
export interface ContactLimit {
  tags: string[] | null;
  hidePrivate: boolean;
}

export const PRIVATE_TAG = 'private';

/** The limit stored on a token's row (migration 0051), or null when it sees every contact. */
export function contactLimitOf(row: { contactTags: string | null; hidePrivate: number | boolean }): ContactLimit | null {
  const tags = row.contactTags ? (JSON.parse(row.contactTags) as string[]) : null;
  const hidePrivate = Boolean(row.hidePrivate);
  return tags || hidePrivate ? { tags, hidePrivate } : null;
}

/** Whether a contact holding `tags` is one the limit lets through. */
export function mayShow(limit: ContactLimit | null, tags: readonly string[]): boolean {
  if (!limit) return true;
  const held = new Set(tags.map(tagNorm));
  if (limit.hidePrivate && held.has(PRIVATE_TAG)) return false;
  return !limit.tags || limit.tags.some((tag) => held.has(tag));
}

/** Whether `narrower` sees no contact `wider` does not (kept behind the route check, ADR 083: a limited token mints none). */
export function isWithin(narrower: ContactLimit | null, wider: ContactLimit | null): boolean {
  if (!wider) return true;
  if (!narrower) return false;
  if (wider.hidePrivate && !narrower.hidePrivate) return false;
  return !wider.tags || (narrower.tags !== null && narrower.tags.every((tag) => wider.tags!.includes(tag)));
}

// The limit travels with the user's database handle: domain reads take `db`, so the handle a
// limited request is given answers which contacts it may see. A handle of its own per request,
// so nothing else that shares the D1 binding is limited.
const limits = new WeakMap<Db, ContactLimit>();

/** The contact limit of a database handle (null: every contact). */
export const limitOfDb = (db: Db): ContactLimit | null => limits.get(db) ?? null;

/** The store as a limited caller sees it: the same database, through a handle that carries `limit`. */
export function limitedStore(store: UserStore, limit: ContactLimit | null): UserStore {
  if (!limit) return store;
  const db = createDb(store.d1);
  limits.set(db, limit);
  return { ...store, db };
}

/**
 * Refuses a limited caller what copies the whole account out (the exports, the backup, webhooks
 * and their delivery log): their files and bodies hold every contact's timeline, private notes,
 * reminders and relations, not a list to filter.
 */
export function assertSeesEveryContact(db: Db, what = 'export the whole account'): void {
  assertNotLimited(limitOfDb(db), what);
}

/** The same refusal for a caller whose limit is known before its database handle is made (the route check). */
export function assertNotLimited(limit: ContactLimit | null, what: string): void {
  if (!limit) return;
  const why = limit.tags ? 'limited to some contacts' : 'kept from private contacts and notes';
  throw new AppError('insufficient_scope', `This access token is ${why}, so it cannot ${what}`, { limited_to: limit });
}
