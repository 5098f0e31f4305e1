import { readContact, type ValueWarning } from '../contacts/read-contact';
import { readPhone } from '../contacts/read-phone';
import type { ContactRecord } from '../contacts/upsert-contacts';
import type { GooglePerson } from '../../providers/google/people-client';
import { personTags, type GroupTags } from './group-tags';
import { biographyText } from './biography-text';

export type PersonResult =
  | { status: 'record'; record: ContactRecord; warnings: ValueWarning[] }
  | { status: 'skipped' | 'failed'; message: string; warnings: ValueWarning[] };

/** The phone as typed; Google's canonical form (E.164) when Kith cannot read what was typed. */
function phoneOf(p: NonNullable<GooglePerson['phoneNumbers']>[number]): string | undefined {
  const typed = p.value?.trim();
  if (typed && (!p.canonicalForm || readPhone(typed).status === 'phone')) return typed;
  return p.canonicalForm ?? typed;
}

/**
 * A People API person as a contact record, by the same rule as every import (readContact):
 * a value Kith cannot read (a malformed email, a service code as a phone) goes to the notes
 * and comes back as a warning instead of being dropped; the resource name is the
 * fingerprint, so the next sync finds the same contact again.
 */
export function personToRecord(person: GooglePerson, groups: GroupTags = new Map()): PersonResult {
  const name = person.names?.find((n) => n.metadata?.primary) ?? person.names?.[0];
  let first = name?.givenName;
  let last = name?.familyName;
  if (!first?.trim() && !last?.trim() && name?.displayName?.trim()) {
    const words = name.displayName.trim().split(/\s+/);
    last = words.length > 1 ? words.pop() : undefined;
    first = words.join(' ');
  }
  const org = person.organizations?.[0];
  const address = person.addresses?.[0];
  const photo = person.photos?.find((p) => !p.default && p.url);
  const reading = readContact({
    first_name: first,
    last_name: last,
    emails: (person.emailAddresses ?? []).flatMap((e) => (e.value ? [e.value] : [])),
    phones: (person.phoneNumbers ?? []).flatMap((p) => phoneOf(p) ?? []),
    company: org?.name,
    title: org?.title,
    location: address?.formattedValue?.trim()
      ? address.formattedValue.replace(/\s*\n\s*/g, ', ')
      : [address?.city, address?.country].filter(Boolean).join(', '),
    avatar_url: photo?.url,
    tags: personTags(person, groups),
    // Google Contacts' "Notes": whole, up to what Kith's notes hold (readContact warns past it).
    notes: (person.biographies ?? []).map(biographyText).filter(Boolean).join('\n\n') || undefined,
    source: 'google',
  });
  if (reading.status === 'no_person')
    return {
      status: reading.unreadable ? 'failed' : 'skipped',
      message: reading.unreadable ? reading.message : 'No name, email or phone',
      warnings: reading.warnings,
    };
  const record: ContactRecord = {
    input: reading.input,
    fingerprint: `google:${person.resourceName}`,
    noteLines: reading.noteLine ? [reading.noteLine] : [],
  };
  return { status: 'record', record, warnings: reading.warnings };
}
