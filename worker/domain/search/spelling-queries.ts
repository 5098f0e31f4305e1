import { sql, type SQL } from 'drizzle-orm';

/**
 * The words of the user's own contact and organization names (spelling_words, kept by
 * triggers) that start as the misspelt word does, with its first two letters or those two
 * swapped: typos rarely hit the first letters, and each start is one range of the table's key.
 */
export function spellingCandidates(userId: string, word: string): SQL {
  const starts = [...new Set([word.slice(0, 2), `${word[1]}${word[0]}`])];
  const ranges = starts.map(
    (start) => sql`SELECT word, uses FROM spelling_words WHERE user_id = ${userId} AND word >= ${start} AND word < ${start + '\uffff'}`,
  );
  return sql.join(ranges, sql` UNION ALL `);
}
