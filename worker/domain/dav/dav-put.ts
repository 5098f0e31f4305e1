import { storeContactPhoto } from '../contacts/contact-photos';
import type { ContactUpdate } from '../contacts/contact-input';
import { getContactView } from '../contacts/contact-view';
import { deleteContact } from '../contacts/delete-contacts';
import { identifiersOf, createContact, updateContact } from '../contacts/save-contact';
import { samePersonAs } from '../contacts/same-person';
import { AppError } from '../errors';
import { readVcardFile, unescapeText } from '../imports/vcard-file';
import { findOrganization } from '../organizations/organization-queries';
import { cardToRecord } from '../imports/vcard-to-record';
import { cardsOfNames, type CardRef } from './dav-card-queries';
import { deleteCompanyCard, organizationEtag, putCompanyCard } from './company-card-put';
import { isCompanyCard } from '../imports/vcard-organizations';
import { groupName, isGroupCard } from '../imports/vcard-groups';
import { davCardsOf } from './dav-cards';
import type { DavCaller } from './dav-sign-in';
import { davAuditStatement, rememberResourceStatement, replaceDatesStatements, replaceKeptLinesStatements } from './dav-write-queries';
import { splitPhoneCard } from './phone-card';
import { relatedNamesStatements } from '../relationships/related-names';

// A phone's writes (ADR 028): a PUT creates or replaces a card through the vCard import's reader
// and the duplicate rules; a DELETE is Kith's own delete. Both check the ETag the phone holds,
// so a card changed in Kith since the phone read it is never overwritten unseen (412).

export interface Preconditions {
  ifMatch: string | null;
  ifNoneMatch: string | null;
}

export class PreconditionFailed extends Error {}

/**
 * A card that would change what it is: a company card written over a person's card, or a
 * person's over a company's. Kith keeps people and organizations apart (ADR 054), so the card is
 * refused and nothing changes; the phone keeps its card as a new one of the other kind.
 */
export class CardKindRefused extends Error {}

/**
 * A group's card (Apple's X-ADDRESSBOOKSERVER-KIND:group, vCard 4.0's KIND:group). Kith has no
 * groups, only tags; a phone's group lives on as its own card, edited and deleted by the phone,
 * which a tag on its members cannot be (ADR 078). Refused, so no contact is named after the group.
 */
export class GroupCardRefused extends Error {}

async function currentEtag(caller: DavCaller, contactId: string | undefined): Promise<string | null> {
  if (!contactId) return null;
  const view = await getContactView(caller.deps.db, caller.user.id, contactId).catch(() => null);
  if (!view) return null;
  return (await davCardsOf(caller.deps, [view], { body: false })).cards[0]!.etag;
}

function check(pre: Preconditions, etag: string | null): void {
  if (pre.ifNoneMatch?.trim() === '*' && etag) throw new PreconditionFailed('A card of this name exists already');
  if (pre.ifMatch) {
    const wanted = pre.ifMatch.split(',').map((t) => t.trim());
    if (!etag || !(wanted.includes('*') || wanted.includes(etag)))
      throw new PreconditionFailed('The card changed since the phone read it: read it again');
  }
}

/** What the card says, as a full replacement of the fields a card holds; Kith-only fields are left as they are. */
function patchOf(input: Record<string, unknown>, noteLines: string[], avatarUrl: string | null): ContactUpdate {
  const notes = [input.notes as string | undefined, ...noteLines].filter(Boolean).join('\n\n');
  const patch: ContactUpdate = {
    first_name: (input.first_name as string) ?? null,
    last_name: (input.last_name as string) ?? null,
    emails: (input.emails as string[]) ?? [],
    phones: (input.phones as string[]) ?? [],
    company: (input.company as string) ?? null,
    title: (input.title as string) ?? null,
    notes: notes || null,
    location: (input.location as string) ?? null,
    telegram_username: (input.telegram_username as string) ?? null,
    twitter_handle: (input.twitter_handle as string) ?? null,
    linkedin_url: (input.linkedin_url as string) ?? null,
    tags: (input.tags as string[]) ?? [],
    avatar_url: avatarUrl,
  };
  if (input.priority) patch.priority = input.priority as ContactUpdate['priority'];
  return patch;
}

function refuseKindChange(existing: CardRef | undefined, company: boolean, label: string): void {
  if (!existing || (existing.kind === 'organization') === company) return;
  throw new CardKindRefused(
    company
      ? `"${label}" is a company card now, but this card is a person in Kith. Kith keeps people and companies apart: ` +
          'make the company a card of its own on the phone, and keep this one a person’s card.'
      : `This card is the company "${label}" in Kith, and a person’s card cannot replace it: ` +
          'make the person a card of their own on the phone, and keep this one the company’s card.',
  );
}

/** Creates or replaces the card `name`; answers whether it was created. */
export async function putDavCard(caller: DavCaller, name: string, bytes: Uint8Array, pre: Preconditions): Promise<{ created: boolean }> {
  const { deps, user } = caller;
  const cards = readVcardFile(bytes, { raw: true });
  if (cards.length !== 1) throw new AppError('invalid_request', 'A card resource holds exactly one vCard');
  // A file is imported as far as it goes; a phone's card is whole or refused, so the phone sends it again.
  if (cards[0]!.cutOff) throw new AppError('invalid_request', 'The card ends without END:VCARD: it was cut off on the way');
  if (isGroupCard(cards[0]!))
    throw new GroupCardRefused(
      `"${groupName(cards[0]!) || 'This card'}" is a group, and Kith keeps no groups over sync: it has tags instead. ` +
        'Tag its members in Kith, or export the group from the phone as a vCard file and import it: its name becomes a tag on each member.',
    );
  const ref = (await cardsOfNames(deps.store, [name])).get(name);
  // A company card is an organization's card (ADR 054), never a person's.
  if (isCompanyCard(cards[0]!.properties)) {
    refuseKindChange(ref, true, unescapeText(cards[0]!.properties.find((p) => p.name === 'FN')?.value ?? name));
    check(pre, await organizationEtag(caller, ref?.id));
    return putCompanyCard(caller, name, cards[0]!, ref);
  }
  if (ref?.kind === 'organization') {
    const company = await findOrganization(deps.db, user.id, ref.id);
    if (company) refuseKindChange(ref, false, company.name);
  }
  const split = splitPhoneCard(cards[0]!);
  const existing = ref?.id;
  check(pre, await currentEtag(caller, existing));

  const result = await cardToRecord(split.read);
  if (result.status !== 'record')
    throw new AppError(
      'invalid_request',
      result.status === 'organization' ? 'This card is neither a person nor a company' : result.message,
    );
  const { record, dates, photo, related } = result;
  let avatarUrl = (record.input.avatar_url as string | undefined) ?? null;
  if (photo) avatarUrl = (await storeContactPhoto(deps, user.id, photo)) ?? avatarUrl;
  const patch = patchOf(record.input as Record<string, unknown>, record.noteLines ?? [], avatarUrl);

  // The duplicate rules: a new card whose email or handle is a contact's already lands on that
  // contact; one whose phone is, only when the names fit (a shared landline, ADR 031).
  let contactId = existing;
  if (!contactId) {
    const name = { firstName: patch.first_name, lastName: patch.last_name };
    contactId = await samePersonAs(deps.db, user.id, identifiersOf(patch).list, name);
  }
  const created = !contactId;
  const phone = { kind: 'carddav', ref: caller.device } as const;
  if (contactId) await updateContact(deps, user.id, contactId, patch, phone);
  else contactId = (await createContact(deps, user.id, { ...patch, source: 'manual' }, phone)).id;

  const store = deps.store;
  // The card's related names are the contact's links now: a name the phone removed from a card
  // Kith served unlinks (both sides); a new card landing on a contact only adds.
  const links = await relatedNamesStatements(store, [{ contactId, related }], { replace: Boolean(existing) });
  await store.d1.batch([
    ...links,
    ...(existing ? [] : [rememberResourceStatement(store, contactId, name, split.uid ?? name.replace(/\.vcf$/i, ''))]),
    ...replaceKeptLinesStatements(store, contactId, split.kept),
    ...replaceDatesStatements(store, contactId, dates, phone),
    davAuditStatement(store, created ? 'contact.dav_create' : 'contact.dav_update', contactId, {
      device: caller.device,
      card: name,
      full_name: [patch.first_name, patch.last_name].filter(Boolean).join(' '),
    }),
  ]);
  return { created };
}

/** Deletes the card `name` through Kith's own delete (its audit names the device); a company card deletes its organization (ADR 054). */
export async function deleteDavCard(caller: DavCaller, name: string, pre: Preconditions): Promise<boolean> {
  const ref = (await cardsOfNames(caller.deps.store, [name])).get(name);
  if (!ref) return false;
  if (ref.kind === 'organization') {
    const etag = await organizationEtag(caller, ref.id);
    if (!etag) return false;
    check(pre, etag);
    await deleteCompanyCard(caller, ref.id);
    return true;
  }
  check(pre, await currentEtag(caller, ref.id));
  await deleteContact(caller.deps, caller.user.id, ref.id, { via: 'carddav', device: caller.device });
  return true;
}
