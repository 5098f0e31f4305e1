import type { Db } from '../../db/client';
import type { ContactLimit } from '../auth/contact-limit';
import { connectionsOfUser } from '../channels/channel-connection-queries';
import { connectionViewsOf, type ChannelConnectionView } from '../channels/connections';
import { dateViewOf, type DateView } from '../dates/important-dates';
import { datesOfContact } from '../dates/contact-date-queries';
import { commonGroupsOf, type CommonGroup } from '../groups/common-groups';
import { groupsWithMember } from '../groups/common-groups-queries';
import { cadenceDefaultsOf, type CadenceDefaults } from '../keep-in-touch/cadence-defaults';
import { cadenceDefaultRows } from '../keep-in-touch/cadence-queries';
import { eventsOfContactPage } from '../life-events/life-event-queries';
import { lifeEventViewOf, type LifeEventView } from '../life-events/life-event-view';
import { openMergeViewsOf, type OpenMergeView } from '../merge/merge-views';
import { openMergesInto } from '../merge/unmerge-queries';
import { relationshipsPage } from '../relationships/relationship-queries';
import { relationshipViewOf, type RelationshipView } from '../relationships/relationship-view';
import { scorePartsOf, type ScoreParts } from '../scoring/relationship-score';
import { findContactScore } from '../scoring/score-queries';

/** What the contact page's side cards show beside the contact and its timeline. */
export interface ContactCards {
  scoreParts: ScoreParts | null;
  cadenceDefaults: CadenceDefaults;
  groups: CommonGroup[];
  dates: DateView[];
  connections: ChannelConnectionView[];
  /** The merges into this contact that Unmerge can still undo, newest first. */
  merges: OpenMergeView[];
  /** The People card: the contact's first links, by the other's name. */
  people: RelationshipView[];
  /** The Life section: the contact's latest events, accepted or waiting for the user. */
  life: LifeEventView[];
}

/** How many links the People card shows; the API pages through the rest. */
export const PEOPLE_CARD_SIZE = 50;
/** How many events the Life section shows; the API pages through the rest. */
export const LIFE_CARD_SIZE = 30;

/**
 * The side cards' small reads (score, cadence defaults, common groups, dates, the user's channel
 * connections, the merges into the contact, its links to people), to run in one D1 batch with the contact page's other reads: one round trip
 * instead of five calls queued behind each other. Each area keeps its query and its rows-to-view
 * step; only the trip is shared.
 */
export function contactCardQueries(db: Db, userId: string, contactId: string) {
  return [
    findContactScore(db, userId, contactId),
    cadenceDefaultRows(db, userId),
    groupsWithMember(db, userId, contactId),
    datesOfContact(db, userId, contactId),
    connectionsOfUser(db, userId),
    openMergesInto(db, userId, contactId),
    relationshipsPage(db, userId, contactId, PEOPLE_CARD_SIZE),
    eventsOfContactPage(db, userId, contactId, ['accepted', 'proposed'], LIFE_CARD_SIZE),
  ] as const;
}

/** What each query of a tuple answers (a drizzle query awaits to its rows). */
type Answers<T extends readonly unknown[]> = { [K in keyof T]: Awaited<T[K]> };
type CardRows = Answers<ReturnType<typeof contactCardQueries>>;

/** The cards from what a batch of contactCardQueries answered, in its order. */
export function contactCardsOf(
  [score, cadences, groups, dates, connections, merges, people, life]: CardRows,
  limit: ContactLimit | null,
): ContactCards {
  return {
    scoreParts: scorePartsOf(score),
    cadenceDefaults: cadenceDefaultsOf(cadences),
    groups: commonGroupsOf(groups),
    dates: dates.map(dateViewOf),
    connections: connectionViewsOf(connections),
    merges: openMergeViewsOf(merges, limit),
    people: people.map(relationshipViewOf),
    life: life.map(lifeEventViewOf),
  };
}
