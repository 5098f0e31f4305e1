import { contactCreateSchema, contactFields, type ContactCreate } from '../contacts/contact-input';
import type { ContactRecord } from '../contacts/upsert-contacts';
import type { GooglePerson } from '../../providers/google/people-client';
import { personTags, type GroupTags } from './group-tags';

const clip = (v: string | undefined, max = 200) => (v?.trim() ? v.trim().slice(0, max) : undefined);
const validOnly = <T>(schema: { safeParse: (v: unknown) => { success: boolean } }, list: T[]) => list.filter((v) => schema.safeParse(v).success);

/**
 * A People API person as a contact record. Values Kith would refuse (a malformed email,
 * a phone with letters) are left out rather than losing the whole person; the resource
 * name is the fingerprint, so the next sync finds the same contact again.
 */
export function personToRecord(person: GooglePerson, groups: GroupTags = new Map()): ContactRecord | null {
  const name = person.names?.find((n) => n.metadata?.primary) ?? person.names?.[0];
  let first = clip(name?.givenName);
  let last = clip(name?.familyName);
  if (!first && !last && name?.displayName) {
    const words = name.displayName.trim().split(/\s+/);
    last = words.length > 1 ? clip(words.pop()) : undefined;
    first = clip(words.join(' '));
  }
  const org = person.organizations?.[0];
  const address = person.addresses?.[0];
  const location = clip(address?.formattedValue?.replace(/\s*\n\s*/g, ', ')) ?? clip([address?.city, address?.country].filter(Boolean).join(', '));
  const photo = person.photos?.find((p) => !p.default && p.url);
  const input: Record<string, unknown> = {
    first_name: first,
    last_name: last,
    emails: validOnly(contactFields.emails.element, [...new Set((person.emailAddresses ?? []).map((e) => e.value?.trim()).filter(Boolean))]).slice(0, 20),
    phones: validOnly(contactFields.phones.element, [...new Set((person.phoneNumbers ?? []).map((p) => p.value?.trim()).filter(Boolean))]).slice(0, 20),
    company: clip(org?.name),
    title: clip(org?.title),
    location,
    avatar_url: photo?.url,
    tags: personTags(person, groups),
    source: 'google',
  };
  const parsed = contactCreateSchema.safeParse(JSON.parse(JSON.stringify(input)));
  if (!parsed.success) return null;
  return { input: parsed.data as ContactCreate, fingerprint: `google:${person.resourceName}` };
}
