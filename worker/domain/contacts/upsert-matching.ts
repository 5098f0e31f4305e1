import type { IdentifierKind } from '../../db/schema';
import { keptApartFrom } from '../duplicates/duplicate-suggestions';
import { namesClearlyDiffer } from '../duplicates/names-differ';
import { organizationNameNorm } from '../organizations/organizations';
import { nameOf, nameSortOf, type UpsertItem } from './contact-record';
import {
  fingerprintOwnersStatement,
  identifierOwnersStatement,
  knownContactIdsStatement,
  organizationsNamedStatement,
} from './contact-upsert-queries';
import type { ContactState } from './upsert-state';

// Which contact each incoming record lands on: its Kith id, its fingerprint, then its
// identifiers, a phone shared with a clearly different name being no match (ADR 013).

// Which identifier decides the match when a record carries several (issue 7: LinkedIn slug,
// then email).
const MATCH_ORDER: IdentifierKind[] = ['linkedin', 'email', 'phone', 'telegram', 'twitter'];

export const keyOf = (i: { kind: string; valueNorm: string }) => `${i.kind}:${i.valueNorm}`;

/** What the user's account already holds for a batch of records, updated as the batch claims values. */
export interface Holdings {
  /** Who holds each identifier (oldest first; several for a shared phone, ADR 031). */
  holders: Map<string, string[]>;
  ownerName: Map<string, string>;
  fpOwner: Map<string, string>;
  knownIds: Set<string>;
  /** Organizations by folded name. */
  orgIds: Map<string, string>;
  /** People a phone owner was kept apart from before (ADR 013), so a re-import finds them again. */
  partners: Map<string, { id: string; nameSort: string }[]>;
}

/** The account's holders of the batch's identifiers, fingerprints, ids and companies, in one round trip. */
export async function lookUpHoldings(d1: D1Database, userId: string, items: UpsertItem[]): Promise<Holdings> {
  const identValues = (kind: IdentifierKind) =>
    JSON.stringify([...new Set(items.flatMap((i) => i.ids.filter((x) => x.kind === kind).map((x) => x.valueNorm)))]);
  const fingerprints = items.flatMap((i) => (i.rec.fingerprint ? [i.rec.fingerprint] : []));
  const explicitIds = items.flatMap((i) => (i.rec.contactId ? [i.rec.contactId] : []));
  const orgNorms = [...new Set(items.flatMap((i) => (i.company ? [organizationNameNorm(i.company)] : [])))];
  const results = await d1.batch<Record<string, string>>([
    fingerprintOwnersStatement(d1, userId, fingerprints),
    knownContactIdsStatement(d1, userId, explicitIds),
    organizationsNamedStatement(d1, userId, orgNorms),
    ...MATCH_ORDER.map((kind) => identifierOwnersStatement(d1, userId, kind, identValues(kind))),
  ]);
  const [fpRes, idRes, orgRes, ...identResults] = results;
  const identRows = identResults.flatMap((r) => r.results);
  const holders = new Map<string, string[]>();
  for (const r of identRows) {
    const key = `${r.kind}:${r.value_norm}`;
    holders.set(key, [...(holders.get(key) ?? []), r.contact_id!]);
  }
  return {
    holders,
    ownerName: new Map(identRows.map((r) => [r.contact_id!, r.full_name!])),
    fpOwner: new Map(fpRes!.results.map((r) => [r.fingerprint!, r.contact_id!])),
    knownIds: new Set(idRes!.results.map((r) => r.id!)),
    orgIds: new Map(orgRes!.results.map((r) => [r.name_norm!, r.id!])),
    partners: new Map(),
  };
}

/** Contacts a record may land on, in order: its Kith id, its fingerprint, its identifiers by MATCH_ORDER. */
export function candidatesOf(h: Holdings, item: UpsertItem): { id: string; kind?: IdentifierKind }[] {
  const list: { id: string; kind?: IdentifierKind }[] = [];
  if (item.rec.contactId && h.knownIds.has(item.rec.contactId)) list.push({ id: item.rec.contactId });
  if (item.rec.fingerprint && h.fpOwner.has(item.rec.fingerprint)) list.push({ id: h.fpOwner.get(item.rec.fingerprint)! });
  for (const kind of MATCH_ORDER)
    for (const i of item.ids) if (i.kind === kind) for (const id of h.holders.get(keyOf(i)) ?? []) list.push({ id, kind });
  return list;
}

/**
 * Reads who the batch's phone owners were kept apart from (into `h.partners`) and gives the
 * contacts to load: every candidate, and the kept-apart people whose name is in the batch.
 */
export async function contactsToLoad(d1: D1Database, userId: string, h: Holdings, items: UpsertItem[]): Promise<string[]> {
  const candidates = items.flatMap((item) => candidatesOf(h, item));
  const phoneOwners = [...new Set(candidates.filter((c) => c.kind === 'phone').map((c) => c.id))];
  h.partners = await keptApartFrom(d1, userId, phoneOwners);
  const batchNames = new Set(items.map(nameSortOf));
  const partnerIds = [...h.partners.values()]
    .flat()
    .filter((p) => batchNames.has(p.nameSort))
    .map((p) => p.id);
  return [...new Set([...candidates.map((c) => c.id), ...partnerIds])];
}

/**
 * The contact the record lands on. A match by phone alone, to a contact whose name is clearly
 * another person's (ADR 013), is no match: the record becomes (or finds again) a contact of
 * its own, and `apart` lists the phone owners it was kept apart from.
 */
export function targetOf(h: Holdings, states: Map<string, ContactState>, item: UpsertItem): { target?: string; apart: string[] } {
  const apart: string[] = [];
  for (const c of candidatesOf(h, item)) {
    const other = c.kind === 'phone' ? states.get(c.id) : undefined;
    if (other && namesClearlyDiffer(nameOf(item), other.row)) apart.push(c.id);
    else return { target: c.id, apart };
  }
  const again = apart.flatMap((id) => h.partners.get(id) ?? []).find((p) => p.nameSort === nameSortOf(item) && states.has(p.id));
  return { target: again?.id, apart };
}
