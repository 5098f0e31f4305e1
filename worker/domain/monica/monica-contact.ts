import { readContact, type ValueWarning } from '../contacts/read-contact';
import type { ContactRecord } from '../contacts/upsert-contacts';
import { CONTACT_LIMITS } from '../contacts/contact-values';
import type { ImportedDate } from '../imports/vcard-to-record';
import type { MonicaAddress, MonicaContact, MonicaContactField } from '../../providers/monica/monica-types';
import { specialDate, specialDateText } from './monica-dates';
import { monicaFingerprint } from './monica-stages';

export type MonicaContactResult =
  | { status: 'record'; record: ContactRecord; dates: ImportedDate[]; warnings: ValueWarning[] }
  | { status: 'skipped' | 'failed'; message: string; warnings: ValueWarning[] };

/** A handle from a value that may be a profile URL ("https://twitter.com/ada" -> "ada"). */
const handleOf = (value: string) => value.trim().replace(/\/+$/, '').split('/').pop()!.replace(/^@/, '');

const one = (value: string | null | undefined) => value?.replace(/\s+/g, ' ').trim() || null;

function addressText(a: MonicaAddress): string {
  const cityLine = [a.postal_code, a.city].map(one).filter(Boolean).join(' ');
  return [a.street, cityLine, a.province, a.country?.name].map(one).filter(Boolean).join(', ');
}

/** Where the contact lives, as Kith places it on the map: city, province and country. */
const placeOf = (a: MonicaAddress) => [a.city, a.province, a.country?.name].map(one).filter(Boolean).join(', ') || null;

interface Fields {
  emails: string[];
  phones: string[];
  twitter: string | null;
  telegram: string | null;
  linkedin: string | null;
  lines: string[];
}

/** Monica's contact fields: emails and phones by their type, known networks to their columns, the rest as labelled lines. */
function readFields(fields: MonicaContactField[]): Fields {
  const out: Fields = { emails: [], phones: [], twitter: null, telegram: null, linkedin: null, lines: [] };
  for (const f of fields) {
    const value = f.content?.trim();
    if (!value) continue;
    const type = (f.contact_field_type?.type ?? '').toLowerCase();
    const name = (f.contact_field_type?.name ?? 'Field').trim();
    const key = name.toLowerCase();
    if (type === 'email' || key === 'email') out.emails.push(value);
    else if (type === 'phone' || key === 'phone') out.phones.push(value);
    else if (key === 'twitter' && !out.twitter) out.twitter = handleOf(value);
    else if (key === 'telegram' && !out.telegram) out.telegram = handleOf(value);
    else if (key === 'linkedin' && !out.linkedin) out.linkedin = value;
    else out.lines.push(`${name}: ${value}`);
  }
  return out;
}

/**
 * A Monica contact as a Kith contact record, by the rule of every import (readContact: a value
 * Kith cannot read lands in the notes with a warning). What Kith has no field for (nickname,
 * gender, deceased date, other addresses, other networks, food preferences, description, the
 * first-met date) becomes a labelled "Monica · …" line of the notes, added once.
 */
export function monicaContactToRecord(c: MonicaContact, apiRoot: string): MonicaContactResult {
  const info = c.information ?? {};
  const fields = readFields(c.contactFields ?? []);
  const [home, ...otherAddresses] = c.addresses ?? [];
  const reading = readContact({
    first_name: c.first_name,
    last_name: c.last_name,
    emails: fields.emails,
    phones: fields.phones,
    company: info.career?.company,
    title: info.career?.job,
    linkedin_url: info.career?.linkedin_profile_url || fields.linkedin,
    twitter_handle: fields.twitter,
    telegram_username: fields.telegram,
    location: home ? placeOf(home) : null,
    tags: (c.tags ?? []).map((t) => t.name),
    priority: c.is_starred ? 'high' : null,
    source: 'monica',
  });
  if (reading.status === 'no_person') return { status: 'failed', message: reading.message, warnings: reading.warnings };

  const lines: string[] = [];
  const add = (label: string, value: string | null | undefined) => {
    const v = value?.trim();
    if (v) lines.push(`Monica · ${label}: ${v}`);
  };
  add('Nickname', c.nickname);
  add('Gender', c.gender);
  if (c.is_dead) add('Deceased', specialDateText(info.dates?.deceased_date) ?? 'yes (no date)');
  if (info.dates?.birthdate?.is_age_based)
    add('Birthdate', `approximate (Monica knew an age, not a date): ${specialDateText(info.dates.birthdate)}`);
  add('First met', specialDateText(info.how_you_met?.first_met_date));
  if (home) add(`Address${home.name ? ` (${home.name})` : ''}`, addressText(home));
  for (const a of otherAddresses) add(`Address${a.name ? ` (${a.name})` : ''}`, addressText(a));
  for (const line of fields.lines) lines.push(`Monica · ${line}`);
  add('Food preferences', info.food_preferences);
  add('About', c.description);
  if (reading.noteLine) lines.push(reading.noteLine);

  const howWeMet = info.how_you_met?.general_information?.trim();
  const input = { ...reading.input, ...(howWeMet ? { how_we_met: howWeMet.slice(0, CONTACT_LIMITS.howWeMet) } : {}) };
  const dates: ImportedDate[] = [];
  const birthday = specialDate(info.dates?.birthdate);
  if (birthday) dates.push({ kind: 'birthday', label: null, ...birthday });
  return {
    status: 'record',
    record: { input, fingerprint: monicaFingerprint(apiRoot, c.id), noteLines: lines, refreshes: true },
    dates,
    warnings: reading.warnings,
  };
}
