import { areNicknames } from './nicknames';
import { editDistance } from '../search/spelling';

/** How two folded given names relate, from the surest to the loosest; null when unrelated. */
export type GivenNameRelation = 'same' | 'initial' | 'short form' | 'nickname' | 'spelling';

/**
 * German letters written out ("Mueller" / "Müller" folds to "muller"), doubled letters
 * ("Phillip" / "Philip"), a final h ("Sarah" / "Sara") and the usual spellings of Cyrillic
 * letters ("Aleksandr" / "Alexandr", "Mikhail" / "Mihail") spelled alike.
 */
export function looseSpelling(word: string): string {
  return word
    .replace(/ks/g, 'x')
    .replace(/kh/g, 'h')
    .replace(/ae/g, 'a')
    .replace(/oe/g, 'o')
    .replace(/ue/g, 'u')
    .replace(/ph/g, 'f')
    .replace(/(.)\1+/g, '$1')
    .replace(/(.{2,})h$/, '$1');
}

/** Two spellings of one name: alike once loosely spelled, or one edit apart in names of five letters or more. */
export function spelledAlike(a: string, b: string): boolean {
  if (a === b) return true;
  if (looseSpelling(a) === looseSpelling(b)) return true;
  return Math.min(a.length, b.length) >= 5 && editDistance(a, b, 1) <= 1;
}

/** "g" / "grace" is an initial, "sam" / "samuel" a short form, "bob" / "robert" a nickname. */
export function givenNameRelation(a: string, b: string): GivenNameRelation | null {
  const x = a.replace(/\.$/, '');
  const y = b.replace(/\.$/, '');
  if (x === y) return 'same';
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (short.length === 1) return long.startsWith(short) ? 'initial' : null;
  if (short.length >= 3 && long.startsWith(short)) return 'short form';
  if (areNicknames(x, y)) return 'nickname';
  return spelledAlike(x, y) ? 'spelling' : null;
}
