import { sql, type SQL } from 'drizzle-orm';
import { PRIORITIES, SOURCES } from '../contacts/contact-input';
import type { MapBox } from '../map/map-box';
import { filterConditions, hasWhereFilter, taggedContactIds, tagNorms, type Access } from './contact-list-filter-queries';
import { DENSE_SET, namesStartingWith, nameStartsWith, oneWordSearchPageSql, pageJson, searchPageSql } from './search-page-queries';
import { matchActiveExpression, matchAllExpression, parseSearch, phoneDigits } from './search-terms';

import type { ContactSort } from './contact-sorts';
import type { ContactLimit } from '../auth/contact-limit';

export { CONTACT_SORTS, type ContactSort } from './contact-sorts';
export { DENSE_SET } from './search-page-queries';
export type Priority = (typeof PRIORITIES)[number];
export type Source = (typeof SOURCES)[number];

/** The state of the contact list: search, filters and sort (API.md GET /contacts). */
export interface ContactListQuery {
  q?: string;
  /** Close spellings of misspelt query words (spelling.ts), searched after the words as typed. */
  spellings?: Record<string, string[]>;
  /** With `spellings`: nothing matched as typed, so every match ranks as a close spelling. */
  noneAsTyped?: boolean;
  /** Only contacts whose location or geocoded place has these words ("Tokyo", "Berlin, Germany"). */
  place?: string;
  /** Only contacts placed inside this map box ("list these" from the map). */
  box?: MapBox;
  tags?: string[];
  sources?: Source[];
  scoreMin?: number;
  scoreMax?: number;
  priorities?: Priority[];
  /** Only contacts due on or before this date (YYYY-MM-DD, the user's time zone). */
  dueBy?: string;
  /** Only contacts linked to this contact by a relationship (either side: ADR 024 keeps both). */
  relatedTo?: string;
  sort?: ContactSort;
  /** The caller's contact limit (a limited token, ADR 035): never a contact outside it. */
  limit?: ContactLimit | null;
}

// Every order ends in the unique id, so pages never overlap. Each matches an index of
// 0001_init.sql read forwards or backwards; SQLite sorts NULL lowest, so descending
// last-interaction puts never-contacted people last.
const ORDER: Record<ContactSort, SQL> = {
  name: sql`c.name_sort ASC, c.id ASC`,
  '-score': sql`c.relationship_score DESC, c.id ASC`,
  score: sql`c.relationship_score ASC, c.id DESC`,
  '-created_at': sql`c.created_at DESC, c.id DESC`,
  created_at: sql`c.created_at ASC, c.id ASC`,
  '-last_interaction_at': sql`c.last_interaction_at DESC, c.id DESC`,
  // Most recently connected first, people with no "Connected On" last (0018's index).
  '-connected_on': sql`c.connected_on DESC, c.id DESC`,
  // contacts_user_next_due: soonest due first, contacts with no due date last.
  next_due: sql`coalesce(c.next_due, '9999-12-31') ASC, c.id ASC`,
};

/** The list's total with no search or filter: every contact not archived (migration 0030's totals). */
const everyActiveContact = (userId: string) =>
  sql`SELECT coalesce((SELECT contacts - archived FROM contact_totals WHERE user_id = ${userId}), 0) AS n`;
/** Every contact of the user, archived too, from the same totals. */
const everyContact = (userId: string) => sql`SELECT coalesce((SELECT contacts FROM contact_totals WHERE user_id = ${userId}), 0) AS n`;

/**
 * The total of a tag filter alone. One tag's is a row of tag_totals (migrations/0033): counting
 * the tag's rows less the archived contacts among them read 17 740 index entries and the user's
 * archived contacts for "investor" at 250 000 contacts (11 ms in node:sqlite). Several tags are
 * still counted that way, each contact once: both reads are index ranges, where a check of each
 * tagged contact's priority would read a contact row per tagged contact.
 */
function taggedActiveContacts(userId: string, tags: string[]): SQL {
  if (tags.length === 1)
    return sql`SELECT coalesce((SELECT contacts - archived FROM tag_totals WHERE user_id = ${userId} AND tag_norm = ${tags[0]}), 0) AS n`;
  const tagged = taggedContactIds(userId, tags);
  return sql`SELECT (SELECT count(DISTINCT contact_id) FROM (${tagged}))
    - (SELECT count(*) FROM contacts c WHERE c.user_id = ${userId} AND c.priority = 'archived' AND c.id IN (${tagged})) AS n`;
}

/**
 * The user's contacts with a phone containing one of the digit strings. Digits need no LIKE
 * escaping; the primary key (user_id, kind, value_norm) keeps the scan to the user's phones.
 */
function phoneMatchSql(userId: string, digits: string[]): SQL {
  const contains = sql.join(
    digits.map((d) => sql`value_norm LIKE ${`%${d}%`}`),
    sql` OR `,
  );
  return sql`SELECT contact_id FROM contact_identifiers WHERE user_id = ${userId} AND kind = 'phone' AND (${contains})`;
}

/**
 * A cheaper way to the page, taken when counts read beside the total show it applies: when
 * one set of matches in relevance order is known to fill the page, the page is that set in
 * the chosen order, read by walking the order's index (a few hundred entries), instead of
 * ranking and sorting every match ("m": 16 000 matches, 20 ms -> 1 ms). A one-word search
 * makes the same choices inside one statement (oneWordSearchPageSql).
 */
export interface PageShortcut {
  /**
   * Counts read in the same round trip as the total. A shortcut only asks whether a set holds
   * `need` rows, so each count stops there: the set's rows past it are never read.
   */
  probes: (need: number) => SQL[];
  /** The page statement when the counts (and the total) show the shortcut holds, else null. */
  page: (counts: number[], limit: number, offset: number, total: number) => SQL | null;
}

/** Searches this short skip the tier sets: each would read most of the user's index for nothing. */
const DENSE_PHRASE_MAX = 2;

export interface ContactListSql {
  /** null when the query can match nothing (a search with no letters or digits). */
  count: SQL | null;
  ids: (limit: number, offset: number) => SQL | null;
  /** Cheaper pages for searches whose first tiers are known, from counts, to fill the page. */
  shortcuts: PageShortcut[];
  /** The condition on `contacts c` that picks the listed contacts; null when it matches nothing. */
  where: SQL | null;
  /** Whether each row of `ids` carries the total as `n` (a search's page reads its matches once). */
  idsCarryTotal?: boolean;
  /**
   * For a planned filter (the shortcuts): one row, its total `n` and, when the filter holds at
   * most DENSE_SET contacts, `ids`, the page as a JSON array. Such a page needs no plan.
   */
  totalWithFewPage?: (limit: number, offset: number) => SQL;
  /** For a one-word search: one row, its total `n` and `ids`, the page as a JSON array (oneWordSearchPageSql). */
  pageWithTotal?: (limit: number, offset: number) => SQL;
}

/**
 * A filter whose total is a read of a row (one tag): the total, and the page when it is small.
 */
function totalThenFewPage(count: SQL, driven: SQL, order: SQL, limit: number, offset: number): SQL {
  return sql`WITH total AS MATERIALIZED (${count})
    SELECT total.n AS n, CASE WHEN total.n <= ${DENSE_SET} THEN ${pageJson(driven, order, limit, offset)} END AS ids FROM total`;
}

/**
 * A filter that must be counted: its first DENSE_SET + 1 matches are read by the count's own
 * access path, rowids only. When that is all of them, they are the total and the page is
 * sorted from them; the set intersections a count and a page would each make (a tag's rows
 * against the other filters': 10 ms each at 250 000 contacts) are made once, in one round trip.
 * Otherwise the count runs as it would alone, and the page is planned from it.
 */
function fewPageElseTotal(count: SQL, countWhere: SQL, order: SQL, limit: number, offset: number): SQL {
  return sql`WITH few AS MATERIALIZED (SELECT c.rowid AS rid FROM contacts c WHERE ${countWhere} LIMIT ${DENSE_SET + 1}),
      seen AS MATERIALIZED (SELECT count(*) AS n FROM few)
    SELECT CASE WHEN seen.n <= ${DENSE_SET} THEN seen.n ELSE (${count}) END AS n,
      CASE WHEN seen.n <= ${DENSE_SET} THEN ${pageJson(sql`c.rowid IN (SELECT rid FROM few)`, order, limit, offset)} END AS ids
    FROM seen`;
}

/** The count and the ordered id page of a list query, each one SQL statement. */
export function contactListSql(userId: string, query: ContactListQuery): ContactListSql {
  const order = ORDER[query.sort ?? '-score'];
  const parsed = parseSearch(query.q);
  const terms = parsed && query.spellings ? { ...parsed, spellings: query.spellings } : parsed;
  if (!terms) {
    // A place filter alone is driven by its index matches, like a search.
    const where = sql.join(filterConditions(userId, query, hasWhereFilter(query) ? 'driven' : 'user'), sql` AND `);
    // A tag alone: its rows drive the count (a few thousand key lookups) rather than a
    // check of every one of the user's contacts against the tag's set (3x slower at 50 000
    // contacts). The page is planned from the total (walkOrderOrDrive).
    const tagDriven = tagNorms(query).length > 0 && !query.priorities?.length && !query.sources?.length && query.dueBy === undefined;
    const countWhere = tagDriven
      ? sql.join(filterConditions(userId, query, 'driven'), sql` AND `)
      : query.sources?.length && !query.priorities?.length
        ? sql.join(filterConditions(userId, query, hasWhereFilter(query) ? 'driven' : 'user', true), sql` AND `)
        : where;
    const tagsAlone = tagDriven && query.scoreMin === undefined && query.scoreMax === undefined && !hasWhereFilter(query);
    const count = !narrowsList(query)
      ? everyActiveContact(userId)
      : tagsAlone
        ? taggedActiveContacts(userId, tagNorms(query))
        : sql`SELECT count(*) AS n FROM contacts c WHERE ${countWhere}`;
    const planned = narrowsList(query) && !hasWhereFilter(query) && !filtersItsOrder(query);
    return {
      count,
      ids: (limit, offset) => sql`SELECT c.id AS id FROM contacts c WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      where,
      shortcuts: planned ? [walkOrderOrDrive(userId, query, order)] : [],
      totalWithFewPage: planned
        ? (limit, offset) =>
            tagsAlone && tagNorms(query).length === 1
              ? totalThenFewPage(count, sql.join(filterConditions(userId, query, 'driven'), sql` AND `), order, limit, offset)
              : fewPageElseTotal(count, countWhere, order, limit, offset)
        : undefined,
    };
  }
  if (terms.words.length === 0) return { count: null, ids: () => null, where: null, shortcuts: [] };
  // The search drives: its matches are looked up by rowid, then filtered. A phone-shaped
  // query also finds the contacts with a phone holding its digits.
  const textMatch = sql`c.rowid IN (SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ${matchAllExpression(userId, terms)})`;
  const phones = phoneDigits(query.q);
  const searchMatch = phones ? sql`(${textMatch} OR c.id IN (${phoneMatchSql(userId, phones)}))` : textMatch;
  const where = sql.join([searchMatch, ...filterConditions(userId, query, 'driven')], sql` AND `);
  // A plain search is counted by the index alone (archived contacts are marked in it):
  // 12 000 matches for "m" counted in 1.5 ms instead of 30 ms of contact row lookups.
  const plain =
    !phones &&
    !hasWhereFilter(query) &&
    !query.tags?.length &&
    !query.sources?.length &&
    !query.priorities?.length &&
    query.scoreMin === undefined &&
    query.scoreMax === undefined &&
    query.dueBy === undefined;
  // A common start of names ("m", "mar") starts thousands of them in a large network, and those
  // names are then the page: the dense shortcut tries that first. A one-word search of three
  // letters or more is read in one statement, each set of matches once (oneWordSearchPageSql);
  // a one- or two-letter search never reads the tier sets, which would each read the user's
  // whole owner doclist in the search index for nothing (3 x 10 ms for "m" at 250 000 contacts).
  const dense = !phones && !terms.spellings;
  const short = terms.phrase.length <= DENSE_PHRASE_MAX;
  // With close spellings the matches as typed rank first; when there are none ("lovelase"), the
  // close ones rank as any one-word search's matches do.
  const oneWord = plain && !short && terms.words.length === 1 && (!terms.spellings || query.noneAsTyped === true);
  const userFilters = sql.join(filterConditions(userId, query, 'user'), sql` AND `);
  return {
    count: plain
      ? sql`SELECT count(*) AS n FROM contacts_fts WHERE contacts_fts MATCH ${matchActiveExpression(userId, terms)}`
      : sql`SELECT count(*) AS n FROM contacts c WHERE ${where}`,
    ids: (limit, offset) => searchPageSql(userId, terms, where, order, limit, offset),
    idsCarryTotal: true,
    where,
    shortcuts: dense && !oneWord ? [denseNamePrefix(userFilters, terms.phrase, order)] : [],
    pageWithTotal: oneWord ? (limit, offset) => oneWordSearchPageSql(userId, terms, userFilters, order, limit, offset) : undefined,
  };
}

/**
 * Every name starting with the query matches all its words, so when those names fill the
 * page they are the page. The probe reads the name index's range; the page walks the order's
 * own index (the planner picks it for ORDER BY … LIMIT) and stops after the page.
 */
function denseNamePrefix(filters: SQL, phrase: string, order: SQL): PageShortcut {
  return {
    probes: (need) => [namesStartingWith(filters, phrase, need)],
    page: ([names = 0], limit, offset) =>
      names >= Math.max(DENSE_SET, limit + offset)
        ? sql`SELECT c.id AS id FROM contacts c WHERE ${filters} AND ${nameStartsWith(phrase)} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`
        : null,
  };
}

/** Whether a filter bounds the order's own column: its index range is then already the page's walk. */
function filtersItsOrder(query: ContactListQuery): boolean {
  const sort = query.sort ?? '-score';
  if (sort === '-score' || sort === 'score') return query.scoreMin !== undefined || query.scoreMax !== undefined;
  return sort === 'next_due' && query.dueBy !== undefined;
}

/**
 * A filtered page, planned from the filter's total and two cheap counts read beside it (the
 * user's contacts, and a tag's rows up to a page's worth of them). With no statistics SQLite
 * cannot tell a filter that holds most contacts from one that holds a few, and either guess is
 * slow for the other: the score range 4–6 sorted by name read 100 000 contact rows to sort them
 * where a walk of the name index finds the page in a few hundred; a rare tag walked all
 * 250 000 names for its three contacts. So: a filter that holds many walks the order's index,
 * stopping after the page (it expects to read contacts × need / total rows, fewer than the
 * matches); a tag with few rows drives from them; else SQLite's own plan, which for a few
 * matches reads an indexed filter's range (a large tag with narrow other filters among them).
 */
function walkOrderOrDrive(userId: string, query: ContactListQuery, order: SQL): PageShortcut {
  const tags = tagNorms(query);
  const page = (access: Access, limit: number, offset: number) =>
    sql`SELECT c.id AS id FROM contacts c WHERE ${sql.join(filterConditions(userId, query, access), sql` AND `)}
      ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
  return {
    probes: () => [
      everyContact(userId),
      ...(tags.length ? [sql`SELECT count(*) AS n FROM (${taggedContactIds(userId, tags)} LIMIT ${DENSE_SET})`] : []),
    ],
    page: ([contacts = 0, tagged = DENSE_SET], limit, offset, total) => {
      const need = limit + offset;
      if (total >= DENSE_SET && contacts * need <= total * total) return page('order', limit, offset);
      return tagged < DENSE_SET ? page('driven', limit, offset) : null;
    },
  };
}

/** Whether the query narrows the list at all (a search, a place, a box or a filter). */
function narrowsList(query: ContactListQuery): boolean {
  return (
    parseSearch(query.q) !== null ||
    hasWhereFilter(query) ||
    tagNorms(query).length > 0 ||
    Boolean(query.sources?.length) ||
    Boolean(query.priorities?.length) ||
    query.scoreMin !== undefined ||
    query.scoreMax !== undefined ||
    query.dueBy !== undefined
  );
}

/**
 * The rowids of the contacts the list shows for this query, in no order: the map of a filtered
 * list draws only these. Null when the query narrows nothing (the map then shows everyone).
 */
export function listedRowidsSql(userId: string, query: ContactListQuery): SQL | null {
  if (!narrowsList(query)) return null;
  const { where } = contactListSql(userId, query);
  return where ? sql`SELECT c.rowid FROM contacts c WHERE ${where}` : sql`SELECT NULL WHERE 0`;
}
