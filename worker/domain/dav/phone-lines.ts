import { normalizeEmail, normalizePhone } from '../contacts/normalize';
import type { ContactView } from '../contacts/contact-view';
import type { StandInLines } from '../export/vcard';
import { escapeVcardText } from '../export/vcard-text';
import { readVcardFile, splitValue, unescapeText, type VcardProperty } from '../imports/vcard-file';
import { parseCardDate } from '../imports/vcard-to-record';
import { foldText } from '../folding';
import { relatedNameOf, type RelatedName } from '../relationships/vcard-related';

// A phone's own lines for values Kith models (ADR 028, amended): `item1.TEL;type=CELL:…` with
// its `item1.X-ABLabel:Office`, `EMAIL;type=WORK:…`, `ORG:Acme;Research`, `BDAY:--0415`, the
// address as the phone wrote it. They are stored with the kept lines and written in place of
// Kith's own line for the value they stand for, matched by normalised value; a value edited in
// Kith takes the lines (the label) of the value it replaced.

/** Properties (besides TEL, EMAIL and the first ADR) whose first line on a card stands for Kith's value. */
export const STANDS_FOR = new Set(['ORG', 'BDAY']);

const oneLine = (v: string) => v.replace(/\s*[\r\n]+\s*/g, ' ').trim();
export const phoneKey = (value: string) => normalizePhone(unescapeText(value).replace(/^tel:/i, '').replace(/;ext=/i, ' x'));
export const emailKey = (value: string) => normalizeEmail(unescapeText(value).replace(/^mailto:/i, ''));

/** The place Kith reads from an address: city, region, country; else its 4.0 LABEL. */
export function placeOfAdr(p: VcardProperty): string {
  const [, , , city, region, , country] = splitValue(p.value, ';');
  const place = [city, region, country].filter(Boolean).join(', ');
  return (place || (p.params.LABEL?.[0] ? oneLine(unescapeText(p.params.LABEL[0])) : '')).slice(0, 200);
}

/** The address as the reader should see it: only its place, so it adds no full address to the notes. */
export function localityOfAdr(p: VcardProperty): VcardProperty {
  const [, , , city, region, , country] = splitValue(p.value, ';');
  const parts = [city, region, country].map((v) => escapeVcardText(v ?? ''));
  if (parts.some(Boolean)) return { group: null, name: 'ADR', params: {}, value: `;;;${parts[0]};${parts[1]};;${parts[2]}` };
  return { group: null, name: 'ADR', params: p.params.LABEL ? { LABEL: p.params.LABEL } : {}, value: ';;;;;;' };
}

interface Template {
  prop: VcardProperty;
  /** The property's line and the other lines of its group (its X-ABLabel). */
  lines: string[];
}

/** The head of a content line (group, name, parameters) and its value, split at the first colon outside quotes. */
export function splitLine(line: string): { head: string; value: string } {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) return { head: line.slice(0, i), value: line.slice(i + 1) };
  }
  return { head: line, value: '' };
}

/** A template's lines with its value replaced by Kith's (a value edited in Kith keeps its label). */
function withValue(t: Template, value: string): string[] {
  const { head, value: old } = splitLine(t.lines[0]!);
  const written = /^tel:/i.test(old) ? `tel:${value.trim().replace(/\s+/g, '-')}` : escapeVcardText(value);
  return [`${head}:${written}`, ...t.lines.slice(1)];
}

/**
 * For each value, the lines standing for it: its own template, else a spare one in the same
 * place (the value it replaced). The values that kept their templates are anchors: a value
 * edited in Kith sits between the same anchors as the template it replaced, so it takes that
 * label; a value added while a labelled one was deleted elsewhere finds no spare template in its
 * place, and is written with Kith's own line rather than the freed label.
 */
function standInsFor(values: string[], templates: Template[], key: (v: string) => string): (string[] | undefined)[] {
  const byKey = new Map<string, number>();
  templates.forEach((t, i) => {
    if (!byKey.has(key(t.prop.value))) byKey.set(key(t.prop.value), i);
  });
  const used = new Set<number>();
  const matched = values.map((v) => {
    const t = byKey.get(key(v));
    if (t === undefined || used.has(t)) return -1;
    used.add(t);
    return t;
  });
  return values.map((value, i) => {
    if (matched[i]! >= 0) return templates[matched[i]!]!.lines;
    const before = matched.slice(0, i).findLast((t) => t >= 0) ?? -1;
    const after = matched.slice(i + 1).find((t) => t >= 0) ?? templates.length;
    for (let t = before + 1; t < after; t++) {
      if (used.has(t)) continue;
      used.add(t);
      return withValue(templates[t]!, value);
    }
    return undefined;
  });
}

/** The properties that name a related person; their lines stand in while the link (name, kind, label) is Kith's. */
export const RELATED_NAMES = ['X-ABRELATEDNAMES', 'RELATED'];

const relatedKey = (r: RelatedName) => `${foldText(r.name)}\u0000${r.kind}\u0000${r.label.toLowerCase()}`;

/** A phone's own line for each link it wrote (its label as the phone spelled it: "Mother" for a parent); none for a link it did not. */
function relatedStandIns(related: RelatedName[], templates: Template[], props: VcardProperty[]): (string[] | undefined)[] {
  const byKey = new Map<string, Template>();
  for (const t of templates) {
    const name = relatedNameOf(t.prop, props);
    if (name && !byKey.has(relatedKey(name))) byKey.set(relatedKey(name), t);
  }
  return related.map((r) => byKey.get(relatedKey(r))?.lines);
}

interface Birthday {
  month: number;
  day: number;
  year: number | null;
}

/**
 * The kept lines of a contact split in two: the lines standing in for Kith's values (written in
 * their place), and the rest, written verbatim at the end of the card. A template whose value
 * Kith no longer has is dropped with its label; an address is dropped only when it stood in.
 */
export function standInsOf(
  view: ContactView,
  birthday: Birthday | undefined,
  keptLines: string[],
  related: RelatedName[] = [],
): { standIns: StandInLines; kept: string[] } {
  if (!keptLines.some((l) => /^([\w-]+\.)?(TEL|EMAIL|ORG|BDAY|ADR|X-ABRELATEDNAMES|RELATED)[;:]/i.test(l)))
    return { standIns: {}, kept: keptLines };
  const [card] = readVcardFile(new TextEncoder().encode(`BEGIN:VCARD\r\n${keptLines.join('\r\n')}\r\nEND:VCARD\r\n`), { raw: true });
  const props = card?.properties ?? [];
  // Every kept line parses back to one property (it was written from one); if not, write them all as they are.
  if (props.length !== keptLines.length) return { standIns: {}, kept: keptLines };
  const place = view.location?.trim() ?? '';
  const adr = place ? props.find((p) => p.name === 'ADR' && placeOfAdr(p) === place) : undefined;
  const isTemplate = (p: VcardProperty) =>
    p === adr || ['TEL', 'EMAIL', 'ORG', 'BDAY'].includes(p.name) || relatedNameOf(p, props) !== null;
  const templateGroups = new Set(props.filter((p) => isTemplate(p) && p.group).map((p) => p.group!));
  const lineAt = new Map(props.map((p, i) => [p, keptLines[i]!]));
  const templateOf = (p: VcardProperty): Template => ({
    prop: p,
    lines: [lineAt.get(p)!, ...props.filter((q) => q !== p && p.group && q.group === p.group && !isTemplate(q)).map((q) => lineAt.get(q)!)],
  });
  const templates = (name: string) => props.filter((p) => p.name === name).map(templateOf);

  const standIns: StandInLines = {
    emails: standInsFor(view.emails, templates('EMAIL'), emailKey),
    phones: standInsFor(view.phones, templates('TEL'), phoneKey),
    related: relatedStandIns(related, props.filter((p) => relatedNameOf(p, props)).map(templateOf), props),
  };
  if (adr) standIns.adr = templateOf(adr).lines;
  const [org] = templates('ORG');
  if (org && view.company) {
    const [first] = splitValue(org.prop.value, ';');
    if (oneLine(first ?? '') === view.company.name) standIns.org = org.lines;
    else {
      // The company was renamed in Kith: the department and the rest stay.
      const { head, value } = splitLine(org.lines[0]!);
      const rest = value.match(/^(?:\\.|[^\\;])*(;.*)?$/s)?.[1] ?? '';
      standIns.org = [`${head}:${escapeVcardText(view.company.name)}${rest}`, ...org.lines.slice(1)];
    }
  }
  const [bday] = templates('BDAY');
  const date = bday && parseCardDate(bday.prop.value, bday.prop.params['X-APPLE-OMIT-YEAR']?.[0]);
  if (date && birthday && date.month === birthday.month && date.day === birthday.day && date.year === (birthday.year ?? null))
    standIns.birthday = bday.lines;
  return { standIns, kept: props.filter((p) => !isTemplate(p) && !(p.group && templateGroups.has(p.group))).map((p) => lineAt.get(p)!) };
}
