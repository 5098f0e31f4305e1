import { sql, type SQL } from 'drizzle-orm';
import { matchActiveExpression, matchAllExpression, matchAnyInColumns, type SearchTerms } from './search-terms';

/** The columns of search tiers 2, 3 and 4 (API.md "Search"): names, companies and titles, handles. */
const TIER_COLUMNS = [['name'], ['company', 'title'], ['handles']];

/** What every sort reads of a contact `c`: a page's rows carry it so the page can be ordered again. */
const SORT_COLUMNS = sql`c.id, c.name_sort, c.relationship_score, c.created_at, c.last_interaction_at, c.connected_on, c.next_due`;

/** The page of the contacts `c` the condition picks, as one JSON array of their ids, in order. */
export function pageJson(contacts: SQL, order: SQL, limit: number, offset: number): SQL {
  return sql`(SELECT json_group_array(c.id ORDER BY ${order}) FROM (
      SELECT ${SORT_COLUMNS} FROM contacts c WHERE ${contacts} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) c)`;
}

/**
 * A search page's rows in API.md relevance order (matches as typed before close spellings):
 * tier 1 the full name starts with the query; 2 a name word starts with a query word; 3 company
 * or title; 4 a handle; 5 anything else (emails, notes); then the chosen sort. Each row has what
 * the sort reads, its `typed` and `tier` keys, and `n`, the number of matches.
 *
 * The matches are read once into `matches`, with what every sort needs and their tier-1 flag.
 * Tier 1 compares a prefix rather than using LIKE: no wildcards to escape, and D1 refuses long
 * LIKE patterns ("pattern too complex") where a pasted 10 000-character query would go.
 * Tiers 2 to 4 are sets of rowids (`tierSets`, else read from the search index here), which for
 * a one-letter query hold most of the user's contacts. When tier 1 alone holds the whole page
 * and every page before it, the other tiers cannot change the page, so they rank as one and
 * those sets are never read.
 */
function rankedMatches(
  userId: string,
  terms: SearchTerms,
  where: SQL,
  order: SQL,
  page: { limit: number; offset: number; tierSets?: SQL[] },
): SQL {
  const tierSets =
    page.tierSets ??
    TIER_COLUMNS.map(
      (columns) => sql`SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ${matchAnyInColumns(userId, terms, columns)}`,
    );
  // With close spellings, the matches as typed come first, in their own tiers.
  const typed = terms.spellings
    ? sql`c.rid NOT IN (SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ${matchAllExpression(userId, { words: terms.words, phrase: terms.phrase })})`
    : sql`0`;
  return sql`WITH matches AS MATERIALIZED (
      SELECT c.rowid AS rid, ${SORT_COLUMNS}, substr(c.name_sort, 1, length(${terms.phrase})) = ${terms.phrase} AS tier1
      FROM contacts c WHERE ${where})
    SELECT c.*, (SELECT count(*) FROM matches) AS n, ${typed} AS typed, CASE
      WHEN c.tier1 THEN 1
      WHEN (SELECT count(*) FROM matches WHERE tier1) >= ${page.limit + page.offset} THEN 2
      WHEN c.rid IN (${tierSets[0]}) THEN 2
      WHEN c.rid IN (${tierSets[1]}) THEN 3
      WHEN c.rid IN (${tierSets[2]}) THEN 4
      ELSE 5 END AS tier
    FROM matches c
    ORDER BY typed, tier, ${order}
    LIMIT ${page.limit} OFFSET ${page.offset}`;
}

/** The ids of a search page, in relevance order; each row carries the search's total as `n`. */
export function searchPageSql(userId: string, terms: SearchTerms, where: SQL, order: SQL, limit: number, offset: number): SQL {
  return sql`SELECT c.id AS id, c.n AS n FROM (${rankedMatches(userId, terms, where, order, { limit, offset })}) c
    ORDER BY c.typed, c.tier, ${order}`;
}

/** Below this many rows in a set, a walk of the order's index would read too far to find a page. */
export const DENSE_SET = 2000;

/** Tier 1 as a range of the name index: every full name starting with the phrase, and no other. */
const nameRange = (phrase: string) => sql`c.name_sort >= ${phrase} AND c.name_sort < ${`${phrase}\u{10FFFF}`}`;

/** The user's active contacts whose full name starts with the phrase, up to `need` of them, counted. */
export function namesStartingWith(filters: SQL, phrase: string, need: number): SQL {
  return sql`SELECT count(*) AS n FROM (SELECT 1 FROM contacts c WHERE ${filters} AND ${nameRange(phrase)} LIMIT ${need})`;
}

/** The condition for a contact `c` whose full name starts with the phrase (tier 1), with no LIKE to escape. */
export const nameStartsWith = (phrase: string) => sql`substr(c.name_sort, 1, length(${phrase})) = ${phrase}`;

/** A number we computed (a page size, an offset), written into the SQL: D1 binds at most 100 parameters. */
const int = (n: number) => sql.raw(String(Math.max(0, Math.trunc(n))));

/**
 * The sets a one-word search reads, in relevance order (tiers 2 to 5). When the user has no name
 * starting with the word (tier 1 is empty) and every set before one is empty, that set's first
 * rows are the page, in the chosen order, ranked against nothing.
 */
const ONE_WORD_TIERS = [
  { set: 'names', before: [] },
  { set: 'companies', before: ['names'] },
  { set: 'handles', before: ['names', 'companies'] },
  { set: 'everything', before: ['names', 'companies', 'handles'] },
] as const;

/**
 * A one-word search of three letters or more with no filter ("lovelace", "quantum", "investor"),
 * its total and its page in one statement: one row, `n` and `ids` (a JSON array). A word longer
 * than the search index's prefix indexes (1 to 3 letters) makes FTS5 merge the doclists of every
 * indexed word it starts, every time a statement names it: "lovelace" starts 11 424 words at
 * 250 000 contacts (handles such as `lovelace100005`). So each set is read here at most once, lazily
 * (SQLite computes a MATERIALIZED CTE at its first use, and a CASE only the branch it takes):
 * - a common start of names ("mar…" in a large network) is tried first: those names are the page,
 *   read by walking the order's index when they are DENSE_SET or more, else from the name index's
 *   range and sorted (at 50 000 contacts "mar" starts ~1 800 names and was ranked with every match);
 * - when no name starts with the word, the first set in relevance order that is not empty (names,
 *   companies and titles, handles, the rest) is the page when it holds the page and every page
 *   before it: a set of DENSE_SET or more by walking the order's index (a few hundred entries), a
 *   smaller one by reading its contacts by rowid and sorting them ("lovelace": the name tier's
 *   ~770 of 50 000). Before, a name tier that did not fill DENSE_SET was ranked with every other
 *   match, reading each match about eleven times (issue 49);
 * - else the matches are ranked (rankedMatches) against the tier sets already read.
 * The total counts the matches straight from the index, or the set the page already read.
 */
export function oneWordSearchPageSql(userId: string, terms: SearchTerms, filters: SQL, order: SQL, limit: number, offset: number): SQL {
  const need = Math.max(DENSE_SET, limit + offset);
  const activeIn = (columns: string[]) => `(${matchAnyInColumns(userId, terms, columns)}) NOT {owner} : "archived"`;
  const [names, companies, handles] = TIER_COLUMNS.map(activeIn);
  const active = sql`c.user_id = ${userId} AND c.priority != 'archived'`;
  const walk = (set: string) => pageJson(sql`${active} AND +c.rowid IN (SELECT rid FROM ${sql.raw(set)})`, order, limit, offset);
  // CROSS JOIN keeps the set first: SQLite would otherwise walk the order's index for the LIMIT.
  const drive = (set: string) => sql`(SELECT json_group_array(c.id ORDER BY ${order}) FROM (
      SELECT ${SORT_COLUMNS} FROM ${sql.raw(set)} s CROSS JOIN contacts c ON c.rowid = s.rid WHERE ${active}
      ORDER BY ${order} LIMIT ${int(limit)} OFFSET ${int(offset)}) c)`;
  const ranked = sql`(SELECT json_group_array(c.id ORDER BY c.typed, c.tier, ${order}) FROM (${rankedMatches(
    userId,
    terms,
    sql`c.rowid IN (SELECT rid FROM everything) AND +c.user_id = ${userId} AND c.priority != 'archived'`,
    order,
    { limit, offset, tierSets: [sql`SELECT rid FROM names`, sql`SELECT rid FROM companies`, sql`SELECT rid FROM handles`] },
  )}) c)`;
  const holds = (set: string, rows: number) =>
    sql`(SELECT count(*) FROM (SELECT 1 FROM ${sql.raw(set)} LIMIT ${int(rows)})) >= ${int(rows)}`;
  const none = (set: string) => sql`NOT EXISTS (SELECT 1 FROM ${sql.raw(set)})`;
  const way = (name: string) => sql.raw(`'${name}'`);
  const alone = (before: readonly string[]) => sql.join([sql`starting.n = 0`, ...before.map(none)], sql` AND `);
  const chosen = ONE_WORD_TIERS.map(
    ({ set, before }) => sql`WHEN ${alone(before)} AND ${holds(set, need)} THEN ${way(`${set} walked`)}
        WHEN ${alone(before)} AND ${holds(set, limit + offset)} THEN ${way(`${set} driven`)}`,
  );
  const pages = ONE_WORD_TIERS.map(
    ({ set }) => sql`WHEN ${way(`${set} walked`)} THEN ${walk(set)} WHEN ${way(`${set} driven`)} THEN ${drive(set)}`,
  );
  const allActive = matchActiveExpression(userId, terms);
  return sql`WITH everything AS MATERIALIZED (SELECT rowid AS rid FROM contacts_fts WHERE contacts_fts MATCH ${allActive}),
      names AS MATERIALIZED (SELECT rowid AS rid FROM contacts_fts WHERE contacts_fts MATCH ${names}),
      companies AS MATERIALIZED (SELECT rowid AS rid FROM contacts_fts WHERE contacts_fts MATCH ${companies}),
      handles AS MATERIALIZED (SELECT rowid AS rid FROM contacts_fts WHERE contacts_fts MATCH ${handles}),
      starting AS MATERIALIZED (${namesStartingWith(filters, terms.phrase, need)}),
      starting_rows AS MATERIALIZED (SELECT c.rowid AS rid FROM contacts c WHERE ${filters} AND ${nameRange(terms.phrase)}),
      page AS MATERIALIZED (SELECT CASE
        WHEN starting.n >= ${int(need)} THEN 'names starting with it'
        WHEN starting.n >= ${int(limit + offset)} THEN 'names starting with it, driven'
        ${sql.join(chosen, sql` `)}
        ELSE 'ranked' END AS way FROM starting)
    SELECT CASE WHEN page.way IN ('everything walked', 'everything driven', 'ranked') THEN (SELECT count(*) FROM everything)
        ELSE (SELECT count(*) FROM contacts_fts WHERE contacts_fts MATCH ${allActive}) END AS n,
      CASE page.way
        WHEN 'names starting with it' THEN ${pageJson(sql`${filters} AND ${nameStartsWith(terms.phrase)}`, order, limit, offset)}
        WHEN 'names starting with it, driven' THEN ${drive('starting_rows')}
        ${sql.join(pages, sql` `)}
        ELSE ${ranked} END AS ids
    FROM page`;
}
