import type { GoogleContactGroup, GooglePerson } from '../../providers/google/people-client';
import { tagFromGroup, tagsFromGroups } from '../tags/address-book-groups';

/** A contact group's resource name -> the tag it stands for (null: a system group, not a tag). */
export type GroupTags = Map<string, string | null>;

/**
 * The account's groups through the same rule as the CSV and vCard imports: Google's system
 * groups are judged by their id (myContacts, starred… dropped; friends, family, coworkers
 * kept under their shown name), the user's labels are tags as named.
 */
export function groupTagsOf(groups: GoogleContactGroup[]): GroupTags {
  return new Map(
    groups.map((g) => {
      const system = g.groupType === 'SYSTEM_CONTACT_GROUP';
      const tag = tagFromGroup(system ? `* ${g.name ?? ''}` : (g.name ?? g.formattedName ?? ''));
      return [g.resourceName, tag && system ? g.formattedName?.trim() || tag : tag];
    }),
  );
}

/**
 * A person's groups as tags, whole: a label longer than a tag may be is left out of the tags by
 * readContact, reported, and kept in the notes, as the file imports do (ADR 078).
 */
export function personTags(person: GooglePerson, groups: GroupTags): string[] {
  const names = (person.memberships ?? []).map((m) => groups.get(m.contactGroupMembership?.contactGroupResourceName ?? '') ?? null);
  return tagsFromGroups(names.filter((n): n is string => Boolean(n)));
}
