import type { Db } from '../../db/client';
import { runStatements } from '../../db/sql-batch';
import type { SearchTerms } from './search-terms';
import { spellingCandidates } from './spelling-queries';

// Alternatives kept per word: the closest spellings, most common first.
const MAX_ALTERNATIVES = 3;

/** Edits allowed for a word of this length: one for short words, two from six letters on. */
const allowedEdits = (word: string) => (word.length < 3 ? 0 : word.length < 6 ? 1 : 2);

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
 * neighbouring letters ("jonh" -> "john" is one edit). Stops early once every path exceeds
 * `max`, and then answers max + 1.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, twoBack[j - 2]! + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    twoBack = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Close spellings, from the user's own names and companies, of the query words:
 * "lovelase" -> ["lovelace"]. A word is not its own alternative, nor is any word it already
 * finds as a prefix; words with digits and words shorter than three letters are left as typed. Null when
 * no word has one.
 */
export async function suggestSpellings(db: Db, userId: string, terms: SearchTerms): Promise<Record<string, string[]> | null> {
  // Names and companies are words of letters: a word with digits is an id or a number.
  const words = terms.words.filter((w) => allowedEdits(w) > 0 && !/\d/.test(w));
  if (words.length === 0) return null;
  const results = await runStatements<{ word: string; uses: number }>(
    db,
    words.map((w) => spellingCandidates(userId, w)),
  );
  const spellings: Record<string, string[]> = {};
  words.forEach((word, i) => {
    const max = allowedEdits(word);
    const scored = (results[i]?.results ?? [])
      // Words the query already finds as typed are no alternative.
      .filter(({ word: candidate }) => !candidate.startsWith(word))
      .map(({ word: candidate, uses }) => ({ candidate, uses, edits: editDistance(word, candidate, max) }))
      .filter((s) => s.edits <= max)
      .sort((a, b) => a.edits - b.edits || b.uses - a.uses || a.candidate.localeCompare(b.candidate));
    if (scored.length > 0) spellings[word] = scored.slice(0, MAX_ALTERNATIVES).map((s) => s.candidate);
  });
  return Object.keys(spellings).length > 0 ? spellings : null;
}
