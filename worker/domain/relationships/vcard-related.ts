import { unescapeText, type VcardProperty } from '../imports/vcard-file';
import { escapeVcardText } from '../export/vcard-text';
import type { RelationshipKind } from './relationship-kinds';
import { RELATIONSHIP_LIMITS } from './relationship-limits';
import { fitted, type CutValue } from '../imports/cut-to-fit';

// A card's related names (vCard 4.0 RELATED, Apple's item.X-ABRelatedNames with its X-ABLabel)
// and Kith's links written back as them. A label or type says what the named person is to the
// card's contact, which is what a link's kind says on the contact's side (ADR 024).

/** A related name as a card carries it: who, and what they are to the card's contact. */
export interface RelatedName {
  name: string;
  kind: RelationshipKind;
  /** The custom kind's label ("godfather"), else ''. */
  label: string;
}

/** Apple's labels, RFC 6350's RELATED types and Kith's own words, folded, as kinds. */
const KIND_OF_WORD: Record<string, RelationshipKind> = {
  spouse: 'spouse',
  husband: 'spouse',
  wife: 'spouse',
  partner: 'partner',
  sweetheart: 'partner',
  boyfriend: 'partner',
  girlfriend: 'partner',
  date: 'partner',
  crush: 'partner',
  parent: 'parent',
  mother: 'parent',
  father: 'parent',
  child: 'child',
  son: 'child',
  daughter: 'child',
  sibling: 'sibling',
  brother: 'sibling',
  sister: 'sibling',
  relative: 'relative',
  kin: 'relative',
  cousin: 'relative',
  aunt: 'relative',
  uncle: 'relative',
  niece: 'relative',
  nephew: 'relative',
  grandparent: 'relative',
  grandmother: 'relative',
  grandfather: 'relative',
  grandchild: 'relative',
  friend: 'friend',
  colleague: 'colleague',
  'co-worker': 'colleague',
  coworker: 'colleague',
  manager: 'manager',
  boss: 'manager',
  report: 'report',
  assistant: 'report',
  mentor: 'mentor',
  mentee: 'mentee',
  introducer: 'introducer',
  introduced: 'introduced',
  // Google Contacts' relation labels besides the words above.
  'domestic partner': 'partner',
  'referred by': 'introducer',
};

/** What Kith writes for a kind: Apple's own label where it has one, else a word Kith reads back. */
const APPLE_LABEL: Record<Exclude<RelationshipKind, 'custom'>, string> = {
  spouse: '_$!<Spouse>!$_',
  partner: '_$!<Partner>!$_',
  parent: '_$!<Parent>!$_',
  child: '_$!<Child>!$_',
  friend: '_$!<Friend>!$_',
  manager: '_$!<Manager>!$_',
  sibling: 'sibling',
  relative: 'relative',
  colleague: 'colleague',
  report: 'report',
  mentor: 'mentor',
  mentee: 'mentee',
  introducer: 'introducer',
  introduced: 'introduced',
};

/** RFC 6350's RELATED types for the kinds that have one; the others travel with an X-ABLabel. */
const RFC_TYPE: Partial<Record<RelationshipKind, string>> = {
  spouse: 'spouse',
  partner: 'sweetheart',
  parent: 'parent',
  child: 'child',
  sibling: 'sibling',
  relative: 'kin',
  friend: 'friend',
  colleague: 'colleague',
};

// Types that say nothing of the tie itself ("contact", "me"); `me` is the card's own person.
const NOT_A_TIE = new Set(['contact', 'me', 'pref']);

const oneLine = (v: string) => v.replace(/\s+/g, ' ').trim();
const bareLabel = (raw: string) => oneLine(unescapeText(raw)).replace(/^_\$!<(.*)>!\$_$/, '$1');

/** A label or type as a kind: a word Kith knows, else a custom link with that label (a longer one listed in `cut`). */
export function kindOfLabel(label: string, cut: CutValue[] = []): Pick<RelatedName, 'kind' | 'label'> {
  const word = label.trim();
  const kind = KIND_OF_WORD[word.toLowerCase()];
  if (kind) return { kind, label: '' };
  return { kind: 'custom', label: fitted('Related person’s label', word || 'related', RELATIONSHIP_LIMITS.label, cut) };
}

/** The name a RELATED value holds: a text value, not a URI (urn:uuid:…, mailto:…) that names no one here. */
function nameOfRelated(p: VcardProperty): string | null {
  const value = oneLine(unescapeText(p.value));
  const isText = p.params.VALUE?.some((v) => v.toLowerCase() === 'text');
  if (!isText && /^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  return value || null;
}

/** What one property says, when it names a related person: X-ABRelatedNames or a RELATED of text (its label from its group). */
export function relatedNameOf(p: VcardProperty, props: VcardProperty[], cut: CutValue[] = []): RelatedName | null {
  if (p.name !== 'X-ABRELATEDNAMES' && p.name !== 'RELATED') return null;
  const label = p.group ? props.find((q) => q.group === p.group && q.name === 'X-ABLABEL')?.value : undefined;
  let name: string | null;
  let tie: Pick<RelatedName, 'kind' | 'label'>;
  if (p.name === 'X-ABRELATEDNAMES') {
    name = oneLine(unescapeText(p.value)) || null;
    tie = kindOfLabel(label ? bareLabel(label) : '', cut);
  } else {
    const types = (p.params.TYPE ?? []).flatMap((t) => t.split(',')).map((t) => t.trim().toLowerCase());
    if (types.includes('me')) return null;
    name = nameOfRelated(p);
    tie = kindOfLabel(label ? bareLabel(label) : (types.find((t) => !NOT_A_TIE.has(t)) ?? ''), cut);
  }
  return name ? { name: fitted('Related person', name, RELATIONSHIP_LIMITS.personName, cut), ...tie } : null;
}

/** The card's related names, in the card's order; the same name and tie twice is once. `cut`: the values cut to fit. */
export function relatedNamesOf(props: VcardProperty[], cut: CutValue[] = []): RelatedName[] {
  const out: RelatedName[] = [];
  const seen = new Set<string>();
  for (const p of props) {
    const r = relatedNameOf(p, props, cut);
    if (!r) continue;
    const key = `${r.name.toLowerCase()}\u0000${r.kind}\u0000${r.label.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out;
}

/** The content lines of one link, in group `item<n>` when it needs a label: Apple's form (3.0) or RELATED (4.0). */
export function relatedLines(r: RelatedName, v3: boolean, item: () => number): string[] {
  const name = escapeVcardText(r.name);
  const label = r.kind === 'custom' ? escapeVcardText(r.label) : APPLE_LABEL[r.kind];
  const type = RFC_TYPE[r.kind];
  if (!v3 && type) return [`RELATED;TYPE=${type};VALUE=text:${name}`];
  const n = item();
  return v3
    ? [`item${n}.X-ABRELATEDNAMES:${name}`, `item${n}.X-ABLabel:${label}`]
    : [`item${n}.RELATED;VALUE=text:${name}`, `item${n}.X-ABLabel:${label}`];
}
