import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env';
import { readDatabaseSchema } from '../support/database-schema';

const DB = (env as unknown as Env).DB;

// The change log's triggers (migrations/0035, ADR 021) decide what counts as a change of a
// contact. A column or a table added later must be placed on one side or the other here, so a
// new part of the card cannot be left out of the phone's sync and the offline cache unseen.

/** Contact columns that change no card: kept by Kith beside it, derived, or recomputed in bulk. */
const NOT_A_CARD_CHANGE = new Set([
  'id',
  'user_id',
  'name_sort', // derived from the name, which is a change
  'name_latin', // the same
  'name_words', // the same
  'geocoded_location', // the geocoder's bookkeeping; the place it found (geocoded_place, coordinates) is a change
  'geocoded_at',
  'relationship_score', // rewritten for every contact by the nightly refresh
  'last_synced_at',
  'created_at',
  'updated_at',
]);

/** Tables with a contact_id whose rows are not part of the card, and why. */
const BESIDE_THE_CARD: Record<string, string> = {
  contact_changes: 'the log itself',
  contact_score_changes: 'the log of moved scores (ADR 055), read only by GET /search-index/scores',
  contact_scores: 'score parts, recomputed in bulk',
  contact_sync_state: "a sync's bookkeeping",
  interactions: 'the timeline, read through its own routes',
  interaction_purges: "the purge's bookkeeping",
  followups: 'suggestions, read through the agenda',
  reminders: 'reminders, read through the agenda',
  messaging_group_members: "groups seen on a channel, the contact page's side card",
  message_sends: 'messages sent, the timeline',
  linkedin_outbox: 'messages waiting to be sent',
  import_fingerprints: "an import's memory of the rows it saw",
  telegram_peers: "the Telegram channel's peers",
  life_events: "life events, the contact page's Life section and What's new, read through their own routes",
  contact_field_sources:
    'where each value came from, read through GET /contacts/{id}/sources; written in the same batch as the change the log already records',
  contact_files: "a contact's photos and documents (ADR 066), read through GET /contacts/{id}/files; no feed shows them",
  contact_tag_history:
    "every tag a contact has held, read by the feeds to decide what a limited token could once see (ADR 044); a tag's change is already logged through contact_tags",
};

// dav_resources: the UID a phone gave the card is on the card (migration 0071, ADR 059).
const TRACKED = ['contact_identifiers', 'contact_tags', 'contact_dates', 'relationships', 'dav_kept_properties', 'dav_resources'];

describe("the change log's triggers", () => {
  it('place every column of contacts: a card change or not', async () => {
    const schema = await readDatabaseSchema(DB);
    const columns = schema.get('contacts')!.columns.map((c) => c.name);
    const trigger = await DB.prepare(
      "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'contact_changes_contacts_update'",
    ).first<{
      sql: string;
    }>();
    const watched = new Set([...trigger!.sql.matchAll(/OLD\.(\w+) IS NOT NEW\.\1/g)].map((m) => m[1]!));
    const unplaced = columns.filter((c) => !watched.has(c) && !NOT_A_CARD_CHANGE.has(c));
    const both = columns.filter((c) => watched.has(c) && NOT_A_CARD_CHANGE.has(c));
    expect({ unplaced, both }).toEqual({ unplaced: [], both: [] });
    expect(watched.size).toBeGreaterThan(20);
  });

  it('place every table that holds rows of a contact', async () => {
    const schema = await readDatabaseSchema(DB);
    const { results } = await DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'contact\\_changes\\_%' ESCAPE '\\'",
    ).all<{
      name: string;
    }>();
    const triggered = new Set(
      TRACKED.filter((table) =>
        ['insert', 'update', 'delete'].every((ev) => results.some((r: { name: string }) => r.name === `contact_changes_${table}_${ev}`)),
      ),
    );
    const withContact = [...schema.values()].filter((t) => t.columns.some((c) => c.name === 'contact_id')).map((t) => t.name);
    const unplaced = withContact.filter((t) => !triggered.has(t) && !(t in BESIDE_THE_CARD));
    expect(unplaced).toEqual([]);
    expect(Object.keys(BESIDE_THE_CARD).filter((t) => !withContact.includes(t))).toEqual([]);
    expect([...triggered].sort()).toEqual([...TRACKED].sort());
  });
});
