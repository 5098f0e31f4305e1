import { sha256Hex } from '../../db/columns';
import { INVERSE_KIND, type RelationshipKind } from '../relationships/relationship-kinds';
import type { MonicaContact, MonicaContactShort } from '../../providers/monica/monica-types';
import { specialDate } from './monica-dates';
import { monicaFingerprint } from './monica-stages';
import type { PersonRow, RelationshipSideRow } from './monica-queries';

/** What the other is to the contact, in Kith's kinds; Monica's finer family words as a custom label and its inverse. */
interface Mapped {
  kind: RelationshipKind;
  label: string;
  inverse: string;
}

const KIND: Record<string, RelationshipKind> = {
  partner: 'partner',
  date: 'partner',
  lover: 'partner',
  inlovewith: 'partner',
  lovedby: 'partner',
  spouse: 'spouse',
  parent: 'parent',
  child: 'child',
  sibling: 'sibling',
  friend: 'friend',
  bestfriend: 'friend',
  colleague: 'colleague',
  boss: 'manager',
  subordinate: 'report',
  mentor: 'mentor',
  protege: 'mentee',
};
// Monica's types with no kind of their own in Kith, and what each is seen from the other side.
const CUSTOM_INVERSE: Record<string, string> = {
  ex: 'ex',
  grandparent: 'grandchild',
  grandchild: 'grandparent',
  uncle: 'nephew or niece',
  nephew: 'uncle or aunt',
  cousin: 'cousin',
  godfather: 'godchild',
  godson: 'godparent',
  stepparent: 'stepchild',
  stepchild: 'stepparent',
};

export function mapMonicaRelationship(name: string): Mapped {
  const key = name.trim().toLowerCase();
  const kind = KIND[key];
  if (kind) return { kind, label: '', inverse: '' };
  return { kind: 'custom', label: key.replaceAll('_', ' '), inverse: CUSTOM_INVERSE[key] ?? key.replaceAll('_', ' ') };
}

const nameOf = (c: MonicaContactShort) =>
  c.complete_name?.trim() || [c.first_name, c.last_name].filter((v) => v?.trim()).join(' ') || `Monica contact ${c.id}`;

/** Stable ids from the user, the instance and the Monica ids: a rerun finds the same rows and updates them. */
const stableId = async (...parts: (string | number)[]) => (await sha256Hex(parts.join('\u0000'))).slice(0, 32);

export interface RelationshipWrites {
  people: PersonRow[];
  sides: RelationshipSideRow[];
  /** Links written, each counted once though Monica lists a link between two contacts on both. */
  links: number;
  /** Links whose other end is not in Kith (a contact Monica did not list). */
  missing: number;
}

/**
 * A page of contacts' relationships, and who introduced each ("first met through"), as Kith
 * relationships: a link between two contacts is written on both sides with one id; a partial
 * contact (a relative without a card of their own) becomes a lightweight person.
 */
export async function relationshipWrites(
  userId: string,
  apiRoot: string,
  contacts: MonicaContact[],
  kithIdOf: (monicaId: number) => string | undefined,
): Promise<RelationshipWrites> {
  const out: RelationshipWrites = { people: [], sides: [], links: 0, missing: 0 };
  for (const c of contacts) {
    const self = kithIdOf(c.id);
    if (!self || c.is_partial) continue;
    const links: { other: MonicaContactShort; mapped: Mapped; since: string | null }[] = [];
    for (const group of Object.values(c.information?.relationships ?? {}))
      for (const entry of group?.contacts ?? [])
        links.push({ other: entry.contact, mapped: mapMonicaRelationship(entry.relationship.name), since: null });
    const introducer = c.information?.how_you_met?.first_met_through_contact;
    if (introducer?.id) {
      const met = specialDate(c.information?.how_you_met?.first_met_date);
      const since = met?.year ? `${met.year}-${String(met.month).padStart(2, '0')}-${String(met.day).padStart(2, '0')}` : null;
      links.push({ other: introducer, mapped: { kind: 'introducer', label: '', inverse: '' }, since });
    }
    for (const { other, mapped, since } of links) {
      if (other.is_partial) {
        const personId = await stableId('monica-person', userId, apiRoot, other.id);
        if (!out.people.some((p) => p.id === personId))
          out.people.push({ id: personId, name: nameOf(other), note: 'From Monica (a partial contact)' });
        out.sides.push({
          id: await stableId('monica-pair', userId, apiRoot, c.id, other.id, mapped.kind === 'introducer' ? 'introducer' : 'person'),
          contact_id: self,
          other_id: personId,
          other_type: 'person',
          kind: mapped.kind,
          label: mapped.label,
          since,
        });
        out.links++;
        continue;
      }
      const otherId = kithIdOf(other.id);
      if (!otherId) {
        out.missing++;
        continue;
      }
      const inverseKind = INVERSE_KIND[mapped.kind];
      // The same link seen from either contact gets the same id: the ordered pair, and whether it
      // is who introduced whom. Not its kind: a kind changed in Monica updates the link (ADR 057).
      const [a, b] = c.id < other.id ? [c.id, other.id] : [other.id, c.id];
      const role = mapped.kind === 'introducer' ? `introduced-by:${other.id}` : 'link';
      const id = await stableId('monica-pair', userId, apiRoot, a, b, role);
      out.sides.push({ id, contact_id: self, other_id: otherId, other_type: 'contact', kind: mapped.kind, label: mapped.label, since });
      out.sides.push({ id, contact_id: otherId, other_id: self, other_type: 'contact', kind: inverseKind, label: mapped.inverse, since });
      if (c.id < other.id || mapped.kind === 'introducer') out.links++;
    }
  }
  return out;
}

export const fingerprintsOfLinks = (apiRoot: string, contacts: MonicaContact[]) =>
  contacts.flatMap((c) => [
    monicaFingerprint(apiRoot, c.id),
    ...Object.values(c.information?.relationships ?? {}).flatMap((g) =>
      (g?.contacts ?? []).map((e) => monicaFingerprint(apiRoot, e.contact.id)),
    ),
    ...(c.information?.how_you_met?.first_met_through_contact?.id
      ? [monicaFingerprint(apiRoot, c.information.how_you_met.first_met_through_contact.id)]
      : []),
  ]);
