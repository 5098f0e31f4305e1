import { newId, nowIso } from '../../db/columns';
import type { UserStore } from '../../db/stores';
import { foldText } from '../folding';
import { deleteRelationshipStatements } from './relationship-queries';
import { INVERSE_KIND } from './relationship-kinds';
import { insertLinkStatements, linksOfContacts, onlyContactsNamed, type NewLinkRow } from './related-name-queries';
import type { RelatedName } from './vcard-related';
import { prepare } from '../../db/sql-batch';

// A card's related names become links (ADR 041): to the contact of that name when exactly one
// has it, else to a lightweight person of that name. A link the contact already has (the same
// name, kind and label) is kept as it is, so importing a card twice adds nothing.

/** One card's related names, for the contact it landed on. */
export interface CardLinks {
  contactId: string;
  related: RelatedName[];
}

const keyOf = (name: string, kind: string, label: string) => `${foldText(name)}\u0000${kind}\u0000${label.toLowerCase()}`;

/**
 * The statements that give each contact its card's links. `replace` (a phone's write): the
 * contact's links its card no longer names go, both sides, as on the People card.
 */
export async function relatedNamesStatements(
  store: UserStore,
  cards: CardLinks[],
  options: { replace: boolean },
): Promise<D1PreparedStatement[]> {
  const cardsWithNames = cards.filter((c) => c.related.length || options.replace);
  if (cardsWithNames.length === 0) return [];
  const existing = await linksOfContacts(
    store,
    cardsWithNames.map((c) => c.contactId),
  );
  const named = await onlyContactsNamed(
    store,
    cardsWithNames.flatMap((c) => c.related.map((r) => foldText(r.name))),
  );
  const people: { id: string; name: string }[] = [];
  const rows: NewLinkRow[] = [];
  const gone: string[] = [];
  for (const card of cardsWithNames) {
    const mine = existing.filter((l) => l.contact_id === card.contactId);
    const has = new Map(mine.map((l) => [keyOf(l.other_name ?? '', l.kind, l.label), l.id]));
    const wanted = new Set<string>();
    for (const r of card.related) {
      const key = keyOf(r.name, r.kind, r.label);
      wanted.add(key);
      if (has.has(key)) continue;
      const id = newId();
      const other = named.get(foldText(r.name));
      if (other && other !== card.contactId) {
        rows.push(
          { id, contact_id: card.contactId, other_id: other, other_type: 'contact', kind: r.kind, label: r.label },
          { id, contact_id: other, other_id: card.contactId, other_type: 'contact', kind: INVERSE_KIND[r.kind], label: r.label },
        );
      } else {
        const personId = newId();
        people.push({ id: personId, name: r.name });
        rows.push({ id, contact_id: card.contactId, other_id: personId, other_type: 'person', kind: r.kind, label: r.label });
      }
    }
    if (options.replace) for (const [key, id] of has) if (!wanted.has(key)) gone.push(id);
  }
  return [
    ...gone.flatMap((id) => deleteRelationshipStatements(store.userId, id).map((s) => prepare(store.db, s))),
    ...insertLinkStatements(store, people, rows, nowIso()),
  ];
}
