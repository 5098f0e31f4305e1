import type { UserStore } from '../../db/stores';

// The pages a backup reads. Table and column names come from the backup's own declarations
// (backup-format.ts), never from input. Each read is a keyset page on an index.

type Row = Record<string, unknown>;
const list = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(', ');

/**
 * The user's next `limit` rows of `table` after the id `after`, in id order: tables whose id is
 * their primary key (organizations, people, contacts, smart lists), as the JSON export pages.
 */
export async function rowsAfterId(
  store: UserStore,
  table: string,
  columns: readonly string[],
  after: string,
  limit: number,
): Promise<Row[]> {
  const { results } = await store.d1
    .prepare(`SELECT ${list(columns)} FROM "${table}" WHERE user_id = ?1 AND id > ?2 ORDER BY id LIMIT ?3`)
    .bind(store.userId, after, limit)
    .all<Row>();
  return results;
}

/**
 * Every row of `table` whose `contactColumn` is one of `contactIds` (a page of contacts), on
 * the table's contact index, in a stable order.
 */
export async function rowsOfContacts(
  store: UserStore,
  table: string,
  columns: readonly string[],
  contactColumn: string,
  contactIds: string[],
): Promise<Row[]> {
  const { results } = await store.d1
    .prepare(
      `SELECT ${list(columns)}, "${contactColumn}" AS _of FROM "${table}"
        WHERE user_id = ?1 AND "${contactColumn}" IN (SELECT value FROM json_each(?2))`,
    )
    .bind(store.userId, JSON.stringify(contactIds))
    .all<Row>();
  return results;
}

/** The user's settings rows: each priority's default cadence, the digest and the Telegram setting. */
export async function settingsRows(store: UserStore) {
  const [cadences, keepInTouch, telegram] = await store.d1.batch<Row>([
    store.d1.prepare('SELECT priority, every, unit FROM cadence_defaults WHERE user_id = ?1 ORDER BY priority').bind(store.userId),
    store.d1.prepare('SELECT weekly_digest FROM keep_in_touch_settings WHERE user_id = ?1').bind(store.userId),
    store.d1.prepare('SELECT tag_second_tier FROM telegram_settings WHERE user_id = ?1').bind(store.userId),
  ]);
  return {
    cadences: cadences!.results as { priority: string; every: number; unit: string }[],
    weeklyDigest: Boolean(keepInTouch!.results[0]?.weekly_digest),
    telegram: telegram!.results[0] ? { tag_second_tier: Boolean(telegram!.results[0].tag_second_tier) } : null,
  };
}
