import { foldText, foldedWords } from '../folding';
import { givenNameRelation, spelledAlike } from './given-names';

export interface PersonName {
  firstName: string | null | undefined;
  lastName: string | null | undefined;
}

const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'herr', 'frau']);

const wordsOf = (value: string | null | undefined) => foldedWords(foldText(value ?? '')).filter((w) => !HONORIFICS.has(w));

/** The same given name, an initial of it ("G" / "Grace"), a short form ("Sam" / "Samuel") or a known nickname. */
const sameGivenName = (a: string, b: string) => ['same', 'initial', 'short form', 'nickname'].includes(givenNameRelation(a, b) ?? '');

/**
 * Whether two names clearly belong to two people (ADR 013), so that sharing only a phone is
 * not enough to make them one contact. Clearly different means: both have a name, neither
 * name's words all appear in the other (accents, case, punctuation and honorifics aside, in
 * any order: "Lovelace, Ada" contains "Ada"), and both have a given name and those differ:
 * not equal, not an initial or short form of the other, not a known nickname. Anything less
 * certain counts as the same person, as before this rule.
 */
export function namesClearlyDiffer(a: PersonName, b: PersonName): boolean {
  const x = wordsOf(`${a.firstName ?? ''} ${a.lastName ?? ''}`);
  const y = wordsOf(`${b.firstName ?? ''} ${b.lastName ?? ''}`);
  if (!x.length || !y.length) return false;
  if (x.every((w) => y.includes(w)) || y.every((w) => x.includes(w))) return false;
  const givenA = wordsOf(a.firstName)[0];
  const givenB = wordsOf(b.firstName)[0];
  if (!givenA || !givenB) return false;
  return !sameGivenName(givenA, givenB);
}

/**
 * Whether two people who share a phone are worth a "possible duplicate" suggestion (ADR 031):
 * names not clearly different (the same person, which an import joins anyway), or both the
 * given names and the last names spelled alike ("Katherine Berg" / "Catherine Berg"). A family
 * ("Anna Berg" / "Carl Berg") or an office ("Ada Lovelace" / "Charles Babbage") is not.
 */
export function namesClose(a: PersonName, b: PersonName): boolean {
  if (!namesClearlyDiffer(a, b)) return true;
  const [givenA, lastA] = [wordsOf(a.firstName)[0], wordsOf(a.lastName).at(-1)];
  const [givenB, lastB] = [wordsOf(b.firstName)[0], wordsOf(b.lastName).at(-1)];
  if (!givenA || !givenB || !lastA || !lastB) return false;
  return spelledAlike(givenA, givenB) && spelledAlike(lastA, lastB);
}
