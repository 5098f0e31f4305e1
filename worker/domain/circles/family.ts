import type { UserStore } from '../../db/stores';
import { limitOfDb } from '../auth/contact-limit';
import { AppError } from '../errors';
import { GROUP_OF_KIND, KIND_LABEL, RELATIONSHIP_KINDS, type RelationshipKind } from '../relationships/relationship-kinds';
import { assertContactExists } from '../timeline/list-timeline';
import { birthdayView, type BirthdayView } from './birthdays';
import { circlePeople, linksOf } from './family-queries';

// A contact's family (ADR 048): the people linked by family ties, and theirs in turn, up to
// three links away and at most FAMILY_MAX people, one indexed read per step out. A lightweight
// person has no links of their own, so the walk stops there.

export const FAMILY_KINDS = RELATIONSHIP_KINDS.filter((k) => GROUP_OF_KIND[k] === 'family');
export const FAMILY_DEPTH = 3;
export const FAMILY_MAX = 60;

/** A generation step: Bo as Ana's `child` is one generation below her. */
const GENERATION_STEP: Partial<Record<RelationshipKind, number>> = { parent: -1, child: 1, partner: 0, spouse: 0, sibling: 0 };

export interface FamilyMember {
  id: string;
  type: 'contact' | 'person';
  name: string;
  /** What they are, in words: to the contact ("spouse"), or to the one they were found through ("child of Bo"). */
  relation: string;
  /** 1: linked to the contact; 2 and 3: through someone. */
  distance: number;
  via: { id: string; name: string } | null;
  /** Generations from the contact (-1 their parents, 1 their children); null where a link says none (a "relative"). */
  generation: number | null;
  birthday: BirthdayView | null;
  note: string | null;
}

export interface FamilyView {
  contact: { id: string; name: string };
  members: FamilyMember[];
  /** True when the walk stopped at FAMILY_MAX people. */
  truncated: boolean;
}

export function refuseLimited(store: UserStore, what: string): void {
  if (limitOfDb(store.db))
    throw new AppError('insufficient_scope', `This access token is limited to some contacts, so it cannot read ${what}`);
}

interface Found {
  id: string;
  type: 'contact' | 'person';
  kind: RelationshipKind;
  label: string;
  distance: number;
  via: string | null;
  generation: number | null;
}

/** The family of `contactId`, nearest first, then by generation and name; `today` dates the ages. */
export async function familyOf(store: UserStore, contactId: string, today: string): Promise<FamilyView> {
  refuseLimited(store, 'a whole family');
  await assertContactExists(store.db, store.userId, contactId);
  const found = new Map<string, Found>();
  const generationOf = (id: string) => (id === contactId ? 0 : (found.get(id)?.generation ?? null));
  let frontier = [contactId];
  let truncated = false;
  for (let distance = 1; distance <= FAMILY_DEPTH && frontier.length > 0; distance++) {
    const links = await linksOf(store, frontier, FAMILY_KINDS, FAMILY_MAX + 1);
    const next: string[] = [];
    if (links.length > FAMILY_MAX) truncated = true;
    for (const link of links) {
      if (link.to_id === contactId || found.has(link.to_id)) continue;
      if (found.size >= FAMILY_MAX) {
        truncated = true;
        break;
      }
      const from = generationOf(link.from_id);
      const step = GENERATION_STEP[link.kind];
      found.set(link.to_id, {
        id: link.to_id,
        type: link.to_type,
        kind: link.kind,
        label: link.label,
        distance,
        via: link.from_id === contactId ? null : link.from_id,
        generation: from === null || step === undefined ? null : from + step,
      });
      if (link.to_type === 'contact') next.push(link.to_id);
    }
    if (truncated) break;
    frontier = next;
  }
  const all = [...found.values()];
  const { people, birthdays } = await circlePeople(
    store,
    [contactId, ...all.filter((f) => f.type === 'contact').map((f) => f.id)],
    all.filter((f) => f.type === 'person').map((f) => f.id),
    true,
  );
  const name = (id: string) => people.get(id)?.name || 'Unnamed contact';
  const members = all
    .filter((f) => people.has(f.id))
    .map((f): FamilyMember => {
      const kind = f.kind === 'custom' ? f.label : KIND_LABEL[f.kind];
      const birthday = birthdays.get(f.id);
      return {
        id: f.id,
        type: f.type,
        name: name(f.id),
        relation: f.via ? `${kind} of ${name(f.via)}` : kind,
        distance: f.distance,
        via: f.via ? { id: f.via, name: name(f.via) } : null,
        generation: f.generation,
        birthday: birthday ? birthdayView(birthday, today) : null,
        note: people.get(f.id)?.note ?? null,
      };
    })
    .sort(
      (a, b) =>
        a.distance - b.distance || (a.generation ?? 99) - (b.generation ?? 99) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
    );
  return { contact: { id: contactId, name: name(contactId) }, members, truncated };
}
