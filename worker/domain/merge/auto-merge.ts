import { identifier } from '../contacts/identifiers';
import type { Deps } from '../deps';
import { suggestDuplicatesStatement } from '../duplicates/duplicate-suggestions';
import { namesClearlyDiffer, namesClose, type PersonName } from '../duplicates/names-differ';
import { mergeContacts } from './merge-contacts';
import { contactsSharingAPhone, namesOfContacts, oldestFirst, ownersOfIdentifiers } from './merge-queries';

export interface AutoMergeResult {
  survivor_id: string;
  merged_ids: string[];
}

/** Union-find over contact ids: each group of linked contacts becomes one. */
function groupsOf(pairs: [string, string][]): string[][] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    const p = parent.get(x) ?? x;
    if (p === x) return x;
    const root = find(p);
    parent.set(x, root);
    return root;
  };
  for (const [a, b] of pairs) {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra, rb);
  }
  const groups = new Map<string, string[]>();
  for (const id of new Set(pairs.flat())) {
    const root = find(id);
    groups.set(root, [...(groups.get(root) ?? []), id]);
  }
  return [...groups.values()].filter((g) => g.length > 1);
}

/** Merges each group into its oldest contact (created_at, then id: deterministic). */
async function mergeGroups(deps: Deps, userId: string, groups: string[][]): Promise<AutoMergeResult[]> {
  const results: AutoMergeResult[] = [];
  for (const group of groups) {
    const ordered = await oldestFirst(deps.db, userId, group);
    if (ordered.length < 2) continue;
    const [survivor, ...rest] = ordered.map((r) => r.id);
    await mergeContacts(deps, userId, survivor!, rest, { origin: 'auto' });
    results.push({ survivor_id: survivor!, merged_ids: rest });
  }
  return results;
}

/**
 * Deterministic auto-merge after a sync or import (SPEC §1): contacts that share an exact
 * normalized email or phone become one, the oldest surviving. An email is one contact's
 * already (the identifier table's unique index); a phone may be several people's (ADR 031), as
 * it may be stored with and without its '+' ("+4420..." / "4420..."). ADR 013 and 031: two
 * contacts whose only link is that phone and whose names are clearly different people's are
 * not merged; they are suggested as possible duplicates only when their names are close.
 * Looks only at `contactIds` when given (the contacts a sync touched), else at all the user's.
 * Read from the identifier index, never by loading every contact.
 */
export async function autoMergeByIdentifiers(deps: Deps, userId: string, contactIds?: string[]): Promise<AutoMergeResult[]> {
  const { db } = deps;
  const linked: { a: string; b: string; phone: string }[] = [];
  const scopes: (string[] | undefined)[] = [];
  if (!contactIds) scopes.push(undefined);
  else for (let i = 0; i < contactIds.length; i += 90) scopes.push(contactIds.slice(i, i + 90));
  for (const scope of scopes) {
    if (scope && scope.length === 0) continue;
    const rows = await contactsSharingAPhone(db, userId, scope);
    linked.push(...rows);
  }
  if (linked.length === 0) return [];
  const names = await namesOf(deps, userId, [...new Set(linked.flatMap((l) => [l.a, l.b]))]);
  const apart = linked.filter((l) => names.has(l.a) && names.has(l.b) && namesClearlyDiffer(names.get(l.a)!, names.get(l.b)!));
  const suggest = suggestDuplicatesStatement(
    deps.store.d1,
    userId,
    apart.filter((l) => namesClose(names.get(l.a)!, names.get(l.b)!)).map((l) => ({ a: l.a, b: l.b, reason: `same phone (${l.phone})` })),
  );
  if (suggest) await suggest.run();
  const pairs = linked.filter((l) => !apart.includes(l)).map((l): [string, string] => [l.a, l.b]);
  return mergeGroups(deps, userId, groupsOf(pairs));
}

async function namesOf(deps: Deps, userId: string, ids: string[]): Promise<Map<string, PersonName>> {
  const names = new Map<string, PersonName>();
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await namesOfContacts(deps.db, userId, ids.slice(i, i + 90));
    for (const r of rows) names.set(r.id, r);
  }
  return names;
}

/**
 * For an imported or synced record: when its emails and phones (normalized) belong to two or
 * more existing contacts, those contacts are merged into the oldest (DESIGN "Data").
 * Returns the contact the record belongs to, or null when none of them is known.
 */
export async function mergeContactsOfRecord(
  deps: Deps,
  userId: string,
  record: { emails?: string[]; phones?: string[] },
): Promise<string | null> {
  const list = [
    ...(record.emails ?? []).map((v) => identifier('email', v)),
    ...(record.phones ?? []).map((v) => identifier('phone', v)),
  ].filter((x) => x.valueNorm);
  if (list.length === 0) return null;
  const owners = new Set<string>();
  for (let i = 0; i < list.length; i += 40) {
    const chunk = list.slice(i, i + 40);
    const rows = await ownersOfIdentifiers(deps.db, userId, chunk);
    for (const r of rows) owners.add(r.contactId);
  }
  if (owners.size === 0) return null;
  if (owners.size === 1) return [...owners][0]!;
  const [result] = await mergeGroups(deps, userId, [[...owners]]);
  return result!.survivor_id;
}
