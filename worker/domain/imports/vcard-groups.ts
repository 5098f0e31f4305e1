import { splitValue, unescapeText, type RawCard, type VcardProperty } from './vcard-file';

// Apple Contacts and iCloud export a group as a card of its own (X-ADDRESSBOOKSERVER-KIND:group
// with X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:… lines), as does vCard 4.0 (KIND:group, MEMBER).
// A file import makes the group's name a tag on each member (ADR 075), as Kith does with a
// CSV's "Group Membership", and the group's own card imports no contact.

const isGroupKind = (p: VcardProperty) =>
  (p.name === 'KIND' || p.name === 'X-ADDRESSBOOKSERVER-KIND') && p.value.trim().toLowerCase() === 'group';

export const isGroupCard = (card: RawCard) => card.properties.some(isGroupKind);

const membersOf = (card: RawCard) => card.properties.filter((p) => p.name === 'MEMBER' || p.name === 'X-ADDRESSBOOKSERVER-MEMBER');

/** The group's name: its FN, else its N. */
export function groupName(card: RawCard): string {
  const fn = card.properties.find((p) => p.name === 'FN');
  const n = card.properties.find((p) => p.name === 'N');
  const name = fn ? unescapeText(fn.value) : n ? splitValue(n.value, ';').filter(Boolean).join(' ') : '';
  return name.replace(/\s+/g, ' ').trim();
}

/** How a member is named: `urn:uuid:…` (or a bare UID), `mailto:…`, `tel:…`. */
const memberKey = (value: string) => {
  const v = unescapeText(value).trim().toLowerCase();
  return v.startsWith('mailto:') || v.startsWith('tel:') ? v.replace(/\s+/g, '') : v.replace(/^urn:uuid:/, '');
};

/** The keys a member card answers to: its UID, its emails and numbers. */
function keysOf(card: RawCard): string[] {
  return card.properties.flatMap((p) =>
    p.name === 'UID'
      ? [memberKey(p.value)]
      : p.name === 'EMAIL'
        ? [
            `mailto:${unescapeText(p.value)
              .trim()
              .toLowerCase()
              .replace(/^mailto:/, '')}`,
          ]
        : p.name === 'TEL'
          ? [`tel:${unescapeText(p.value).trim().toLowerCase().replace(/^tel:/, '').replace(/\s+/g, '')}`]
          : [],
  );
}

const escapeCategory = (name: string) => name.replace(/[\\,;]/g, (c) => `\\${c}`);

/** The cards with each group's name added to its members' CATEGORIES. */
export function groupsAsCategories(cards: RawCard[]): RawCard[] {
  const groupsOf = new Map<string, string[]>();
  for (const group of cards.filter(isGroupCard)) {
    const name = groupName(group);
    if (!name) continue;
    for (const member of membersOf(group)) {
      const key = memberKey(member.value);
      const names = groupsOf.get(key) ?? [];
      if (!names.includes(name)) names.push(name);
      groupsOf.set(key, names);
    }
  }
  if (!groupsOf.size) return cards;
  return cards.map((card) => {
    if (isGroupCard(card)) return card;
    const names = [...new Set(keysOf(card).flatMap((key) => groupsOf.get(key) ?? []))];
    if (!names.length) return card;
    const categories: VcardProperty = { group: null, name: 'CATEGORIES', params: {}, value: names.map(escapeCategory).join(',') };
    return { ...card, properties: [...card.properties, categories] };
  });
}

/** Why a group's card imports no contact, for the import's report. */
export function groupCardMessage(card: RawCard): string {
  const count = membersOf(card).length;
  return `Card ${card.number}: "${groupName(card) || 'a group'}" is a group (${count} member${count === 1 ? '' : 's'}), not a person; its name is a tag on its members in this file`;
}
