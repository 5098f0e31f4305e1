import { z } from 'zod';
import type { ContactRow } from '../../db/schema';

/**
 * The fields where two contacts can hold different values and a merge has to keep one. By
 * default the surviving contact's value stays (and the other's is kept in the audit log); a
 * choice of 'other' takes the merged contact's value instead. Emails, phones, tags and notes
 * are never chosen: they are united.
 */
export const MERGE_CHOICE_FIELDS = [
  'name',
  'company',
  'title',
  'location',
  'priority',
  'telegram_username',
  'twitter_handle',
  'linkedin_url',
  'connected_on',
] as const;
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
};

/** The columns a choice moves together: a location travels with its geocoding. */
export const MERGE_CHOICE_COLUMNS: Record<MergeChoiceField, (keyof ContactRow)[]> = {
  name: ['firstName', 'lastName'],
  company: ['companyId'],
  title: ['title'],
  location: ['location', 'latitude', 'longitude', 'geocodedLocation', 'geocodedPlace', 'geocodedAt'],
  priority: ['priority'],
  telegram_username: ['telegramUsername'],
  twitter_handle: ['twitterHandle'],
  linkedin_url: ['linkedinUrl'],
  connected_on: ['connectedOn'],
};

/** What a contact shows for a field, to compare and to display (the company by its name). */
export function mergeFieldValue(row: ContactRow, field: MergeChoiceField, companies: Map<string, string>): string | null {
  const value =
    field === 'name'
      ? row.fullName
      : field === 'company'
        ? row.companyId && (companies.get(row.companyId) ?? null)
        : (row[MERGE_CHOICE_COLUMNS[field][0]!] as string | null);
  return value === null || value === undefined || String(value).trim() === '' ? null : String(value);
}
