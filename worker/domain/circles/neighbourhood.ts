import type { UserStore } from '../../db/stores';
import { KIND_LABEL } from '../relationships/relationship-kinds';
import { assertContactExists } from '../timeline/list-timeline';
import { refuseLimited } from './family';
import { circlePeople, linksOf, type LinkRow } from './family-queries';

// A contact's neighbourhood (ADR 048): the people linked to them, and the people linked to
// those, as a small graph. Small on purpose: a graph of a hundred names is unreadable on a phone,
// so each ring is cut, and the answer says how many were left out.

export const FIRST_RING = 12;
export const SECOND_RING = 16;
/** Of the second ring, at most this many around one person of the first. */
const PER_NEIGHBOUR = 4;
/** Links read per step out, before the cut. */
const LINKS_READ = 400;

export interface NeighbourhoodNode {
  id: string;
  type: 'contact' | 'person';
  name: string;
  /** 0 the contact, 1 linked to them, 2 linked to someone in ring 1. */
  ring: 0 | 1 | 2;
  /** For ring 2: the person of ring 1 it hangs from. */
  parent: string | null;
}

export interface NeighbourhoodEdge {
  from: string;
  to: string;
  /** What `to` is to `from`, in words ("child", "godfather"). */
  relation: string;
}

export interface NeighbourhoodView {
  contact: { id: string; name: string };
  nodes: NeighbourhoodNode[];
  edges: NeighbourhoodEdge[];
  /** People linked but left out of each ring. */
  left_out: { first: number; second: number };
}

const relationOf = (l: LinkRow) => (l.kind === 'custom' ? l.label : KIND_LABEL[l.kind]);
/** Contacts before lightweight people, then a stable order. */
const byKind = (a: LinkRow, b: LinkRow) => (a.to_type === b.to_type ? a.to_id.localeCompare(b.to_id) : a.to_type === 'contact' ? -1 : 1);

export async function neighbourhoodOf(store: UserStore, contactId: string): Promise<NeighbourhoodView> {
  refuseLimited(store, 'the people around a contact');
  await assertContactExists(store.db, store.userId, contactId);
  const firstLinks = (await linksOf(store, [contactId], null, LINKS_READ)).filter((l) => l.to_id !== contactId);
  const firstIds = [...new Map([...firstLinks].sort(byKind).map((l) => [l.to_id, l])).values()];
  const first = firstIds.slice(0, FIRST_RING);
  const inFirst = new Set(first.map((l) => l.to_id));
  const secondLinks = await linksOf(
    store,
    first.filter((l) => l.to_type === 'contact').map((l) => l.to_id),
    null,
    LINKS_READ,
  );

  const edges: NeighbourhoodEdge[] = first.map((l) => ({ from: contactId, to: l.to_id, relation: relationOf(l) }));
  const second = new Map<string, LinkRow>();
  const perParent = new Map<string, number>();
  const outside = new Set<string>();
  // Two of the contact's people linked to each other come as two rows (each side's view of the
  // link); which one is drawn is settled once names are known, so the answer never depends on ids.
  const between = new Map<string, LinkRow[]>();
  for (const l of [...secondLinks].sort(byKind)) {
    if (l.to_id === contactId) continue;
    if (inFirst.has(l.to_id)) {
      const key = [l.from_id, l.to_id].sort().join('|');
      between.set(key, [...(between.get(key) ?? []), l]);
      continue;
    }
    if (second.has(l.to_id)) {
      edges.push({ from: l.from_id, to: l.to_id, relation: relationOf(l) });
      continue;
    }
    const taken = perParent.get(l.from_id) ?? 0;
    if (second.size >= SECOND_RING || taken >= PER_NEIGHBOUR) {
      outside.add(l.to_id);
      continue;
    }
    perParent.set(l.from_id, taken + 1);
    second.set(l.to_id, l);
    edges.push({ from: l.from_id, to: l.to_id, relation: relationOf(l) });
  }
  for (const id of second.keys()) outside.delete(id);

  const rings = [...first, ...second.values()];
  const { people } = await circlePeople(
    store,
    [contactId, ...rings.filter((l) => l.to_type === 'contact').map((l) => l.to_id)],
    rings.filter((l) => l.to_type === 'person').map((l) => l.to_id),
    false,
  );
  const name = (id: string) => people.get(id)?.name || 'Unnamed contact';
  const byName = (a: NeighbourhoodNode, b: NeighbourhoodNode) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
  const nodeOf = (l: LinkRow, ring: 1 | 2): NeighbourhoodNode => ({
    id: l.to_id,
    type: l.to_type,
    name: name(l.to_id),
    ring,
    parent: ring === 2 ? l.from_id : null,
  });
  // Drawn once, from whichever of the two people sorts first by name.
  for (const rows of between.values()) {
    const l = [...rows].sort((a, b) => name(a.from_id).localeCompare(name(b.from_id)) || a.from_id.localeCompare(b.from_id))[0]!;
    edges.push({ from: l.from_id, to: l.to_id, relation: relationOf(l) });
  }
  const ringOne = first.map((l) => nodeOf(l, 1)).sort(byName);
  const ringTwo = [...second.values()].map((l) => nodeOf(l, 2)).sort(byName);
  return {
    contact: { id: contactId, name: name(contactId) },
    nodes: [{ id: contactId, type: 'contact', name: name(contactId), ring: 0, parent: null }, ...ringOne, ...ringTwo],
    edges,
    left_out: { first: firstIds.length - first.length, second: outside.size },
  };
}
