/**
 * SPEC §1 "Name normalization": people put their company into their display name on
 * messaging platforms ("Anders | LoopFi", "Maria @ Stripe", "Li Wei - Acme", "Sam (Initech)").
 * This splits such a name deterministically, so the rule holds even when the model misses it.
 */
const SEPARATOR = /\s*\|\s*|\s+@\s*|\s+(?:\/|-|–|—|·)\s+/;

export interface SplitName {
  first_name: string;
  last_name: string | null;
  company: string;
}

export function splitCombinedName(fullName: string): SplitName | null {
  const trimmed = fullName.trim().replace(/\s+/g, ' ');
  let person: string | undefined;
  let company: string | undefined;
  const parens = trimmed.match(/^([^()]+?)\s*\(([^()]+)\)$/);
  if (parens) {
    [, person, company] = parens;
  } else {
    const at = trimmed.search(SEPARATOR);
    if (at <= 0) return null;
    person = trimmed.slice(0, at);
    company = trimmed.slice(at).replace(SEPARATOR, '').split(SEPARATOR)[0];
  }
  const words = (person ?? '').trim().split(' ').filter(Boolean);
  if (!words.length || !company?.trim()) return null;
  return { first_name: words[0]!, last_name: words.length > 1 ? words.slice(1).join(' ') : null, company: company.trim() };
}
