import { normalizeEmail, normalizePhone } from '../contacts/normalize';
import { labelsInNotes } from '../imports/identifier-labels';
import { escapeVcardText as text } from './vcard-text';

// The label an import kept for a phone or an email ("Business Fax: +1 …" under "Phones:" in the
// notes, ADR 072) written back on the card (ADR 075): as TYPE words when the vCard has them
// (TYPE=WORK,FAX), else as Apple's grouped X-ABLabel, which Apple, Google and Kith read back.

const PHONE_TYPES: Record<string, string> = {
  home: 'HOME',
  work: 'WORK',
  business: 'WORK',
  office: 'WORK',
  fax: 'FAX',
  mobile: 'CELL',
  cell: 'CELL',
  pager: 'PAGER',
  video: 'VIDEO',
  voice: 'VOICE',
};
// vCard 3.0's own (RFC 2426 §3.3.1) and 4.0's (RFC 6350 §6.4.1) beyond the common ones.
const PHONE_TYPES_3: Record<string, string> = { car: 'CAR', isdn: 'ISDN', message: 'MSG', msg: 'MSG', bbs: 'BBS', modem: 'MODEM' };
const PHONE_TYPES_4: Record<string, string> = { textphone: 'TEXTPHONE', tty: 'TEXTPHONE', tdd: 'TEXTPHONE', text: 'TEXT' };
const EMAIL_TYPES: Record<string, string> = { home: 'HOME', work: 'WORK', business: 'WORK', office: 'WORK' };

/** TYPE words for a label, or null when one of its words has none ("Assistant", "Company main"). */
function typesOf(label: string, kind: 'TEL' | 'EMAIL', v3: boolean): string[] | null {
  const table = kind === 'EMAIL' ? EMAIL_TYPES : { ...PHONE_TYPES, ...(v3 ? PHONE_TYPES_3 : PHONE_TYPES_4) };
  const out: string[] = [];
  for (const word of label
    .toLowerCase()
    .split(/[\s/]+/)
    .filter(Boolean)) {
    const type = table[word];
    if (!type) return null;
    if (!out.includes(type)) out.push(type);
  }
  return out.length ? out : null;
}

export type LabelledLines = (value: string, first: boolean) => string[];

/**
 * The lines of a contact's phones (TEL) or emails (EMAIL) with the labels its notes give them;
 * `nextItem` gives an Apple item group no other line of the card uses.
 */
export function labelledLines(kind: 'TEL' | 'EMAIL', notes: string | null, v3: boolean, nextItem: () => number): LabelledLines {
  const key = kind === 'TEL' ? normalizePhone : normalizeEmail;
  const labels = new Map<string, string>();
  for (const { label, value } of labelsInNotes(notes, kind === 'TEL' ? 'Phones' : 'Emails')) {
    if (!labels.has(key(value))) labels.set(key(value), label);
  }
  return (value, first) => {
    const label = labels.get(key(value));
    const types = label ? typesOf(label, kind, v3) : null;
    const pref = first ? (v3 ? ['pref'] : []) : [];
    const typeParam = [...(types ?? []), ...pref];
    const params = `${typeParam.length ? `;TYPE=${typeParam.join(',')}` : ''}${first && !v3 ? ';PREF=1' : ''}`;
    if (!label || types) return [`${kind}${params}:${text(value)}`];
    const item = nextItem();
    return [`item${item}.${kind}${params}:${text(value)}`, `item${item}.X-ABLabel:${text(label)}`];
  };
}
