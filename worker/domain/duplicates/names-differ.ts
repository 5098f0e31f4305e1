import { foldText } from '../contacts/normalize';

export interface PersonName {
  firstName: string | null | undefined;
  lastName: string | null | undefined;
}

const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'herr', 'frau']);

// Given names whose short form is not a prefix of them (prefixes are caught by rule).
const NICKNAMES: string[][] = [
  ['robert', 'bob', 'bobby', 'rob', 'robbie', 'bert'],
  ['william', 'bill', 'billy', 'will', 'willy', 'liam'],
  ['richard', 'dick', 'rick', 'ricky', 'rich'],
  ['elizabeth', 'liz', 'lizzie', 'beth', 'betty', 'betsy', 'eliza', 'lisa'],
  ['margaret', 'peggy', 'maggie', 'meg', 'marge', 'greta'],
  ['katherine', 'catherine', 'kathryn', 'kate', 'katie', 'kathy', 'cathy', 'kat', 'cat'],
  ['james', 'jim', 'jimmy', 'jamie'],
  ['john', 'jack', 'johnny', 'jon'],
  ['michael', 'mike', 'mikey', 'mick'],
  ['edward', 'ted', 'teddy', 'ed', 'eddie', 'ned'],
  ['henry', 'hank', 'harry'],
  ['charles', 'chuck', 'charlie', 'chas'],
  ['anthony', 'tony'],
  ['joseph', 'joe', 'joey'],
  ['alexander', 'alexandra', 'alex', 'sasha', 'sandy', 'xander'],
  ['theodore', 'ted', 'teddy', 'theo'],
  ['susan', 'sue', 'susie'],
  ['patricia', 'pat', 'patty', 'trish'],
  ['jennifer', 'jen', 'jenny'],
  ['rebecca', 'becky', 'becca'],
  ['deborah', 'debbie', 'deb'],
  ['christopher', 'chris', 'kit'],
  ['francis', 'frances', 'frank', 'fran'],
  ['lawrence', 'larry'],
  ['nicholas', 'nick', 'nicky'],
  ['steven', 'stephen', 'steve'],
  ['thomas', 'tom', 'tommy'],
  ['daniel', 'dan', 'danny'],
  ['benjamin', 'ben', 'benny'],
];
const NICKNAME_GROUPS = new Map<string, Set<number>>();
NICKNAMES.forEach((group, i) => group.forEach((n) => NICKNAME_GROUPS.set(n, (NICKNAME_GROUPS.get(n) ?? new Set()).add(i))));

const wordsOf = (value: string | null | undefined) =>
  foldText(value ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !HONORIFICS.has(w));

/** The same given name, an initial of it ("G" / "Grace"), a short form ("Sam" / "Samuel") or a known nickname. */
function sameGivenName(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length === 1 || (short.length >= 3 && long.startsWith(short))) return long.startsWith(short);
  const groups = NICKNAME_GROUPS.get(a);
  return Boolean(groups && [...(NICKNAME_GROUPS.get(b) ?? [])].some((g) => groups.has(g)));
}

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
