import { z } from 'zod';
import type { ContactRow } from '../../db/schema';

/**
 * The fields where two contacts can hold different values and a merge has to keep one. By
 * default the surviving contact's value stays (and the other's is kept in the merge record); a
 * choice of 'other' takes the merged contact's value instead. Emails, phones, tags, notes,
 * dates, reminders and the timeline are never chosen: they are united. The birthday is a
 * choice too, and the one not chosen stays as a custom date ("Birthday (name)").
 */
export const COLUMN_CHOICE_FIELDS = [
  'name',
  'company',
  'title',
  'location',
  'priority',
  'telegram_username',
  'twitter_handle',
  'linkedin_url',
  'connected_on',
  'photo',
  'bio_twitter',
  'bio_telegram',
  'bio_linkedin',
  'cadence',
] as const;
export type ColumnChoiceField = (typeof COLUMN_CHOICE_FIELDS)[number];
export const MERGE_CHOICE_FIELDS = [...COLUMN_CHOICE_FIELDS, 'birthday'] as const;
export type MergeChoiceField = (typeof MERGE_CHOICE_FIELDS)[number];
export type MergeChoices = Partial<Record<MergeChoiceField, 'this' | 'other'>>;

const side = z.enum(['this', 'other']).optional();
export const mergeChoicesSchema = z
  .object({
    name: side,
    company: side,
    title: side,
    location: side,
    priority: side,
    telegram_username: side,
    twitter_handle: side,
    linkedin_url: side,
    connected_on: side,
    photo: side,
    bio_twitter: side,
    bio_telegram: side,
    bio_linkedin: side,
    cadence: side,
    birthday: side,
  } satisfies Record<MergeChoiceField, typeof side>)
  .strict();

export const MERGE_FIELD_LABELS: Record<MergeChoiceField, string> = {
  name: 'Name',
  company: 'Company',
  title: 'Title',
  location: 'Location',
  priority: 'Priority',
  telegram_username: 'Telegram',
  twitter_handle: 'X (Twitter)',
  linkedin_url: 'LinkedIn',
  connected_on: 'Connected since',
  photo: 'Photo',
  bio_twitter: 'X bio',
  bio_telegram: 'Telegram bio',
  bio_linkedin: 'LinkedIn headline',
  cadence: 'Keep in touch',
  birthday: 'Birthday',
};

/** The columns a choice moves together: a location travels with its geocoding. */
export const MERGE_CHOICE_COLUMNS: Record<ColumnChoiceField, (keyof ContactRow)[]> = {
  name: ['firstName', 'lastName'],
  company: ['companyId'],
  title: ['title'],
  location: ['location', 'latitude', 'longitude', 'geocodedLocation', 'geocodedPlace', 'geocodedAt'],
  priority: ['priority'],
  telegram_username: ['telegramUsername'],
  twitter_handle: ['twitterHandle'],
  linkedin_url: ['linkedinUrl'],
  connected_on: ['connectedOn'],
  photo: ['avatarUrl'],
  bio_twitter: ['bioTwitter'],
  bio_telegram: ['bioTelegram'],
  bio_linkedin: ['bioLinkedin'],
  // Its own cadence travels with when it was last met and any snooze, so the due date stays right.
  cadence: ['cadenceEvery', 'cadenceUnit', 'cadenceAnchor', 'cadenceSnoozedUntil'],
};

function cadenceText(row: ContactRow): string | null {
  if (row.cadenceEvery === null) return null;
  if (row.cadenceEvery <= 0 || !row.cadenceUnit) return 'Never';
  return `Every ${row.cadenceEvery === 1 ? '' : `${row.cadenceEvery} `}${row.cadenceUnit}${row.cadenceEvery === 1 ? '' : 's'}`;
}

/** What a contact shows for a field, to compare and to display (the company by its name). */
export function mergeFieldValue(row: ContactRow, field: ColumnChoiceField, companies: Map<string, string>): string | null {
  const value =
    field === 'name'
      ? row.fullName
      : field === 'company'
        ? row.companyId && (companies.get(row.companyId) ?? null)
        : field === 'cadence'
          ? cadenceText(row)
          : (row[MERGE_CHOICE_COLUMNS[field][0]!] as string | null);
  return value === null || value === undefined || String(value).trim() === '' ? null : String(value);
}
