import type { api, ApiInput } from '../../api/client';
import { CONTACT_LIMITS, TAG_MAX_LENGTH } from '../../../worker/domain/contacts/contact-values';

type WithoutIds<Body> = Body extends unknown ? Omit<Body, 'ids'> : never;

/** A bulk action as POST /api/v1/contacts/bulk takes it, the selection aside. */
export type BulkRequest = WithoutIds<ApiInput<typeof api.contacts.bulk.$post>['json']>;

export function bulkDoneMessage(request: BulkRequest, affected: number): string {
  const people = `${affected.toLocaleString('en')} ${affected === 1 ? 'contact' : 'contacts'}`;
  switch (request.action) {
    case 'set_priority':
      return `Set ${people} to ${request.value} priority`;
    case 'set_company':
      return request.value ? `Moved ${people} to ${request.value}` : `Cleared the company of ${people}`;
    case 'add_tags':
      return `Tagged ${people} with ${request.value.join(', ')}`;
    case 'remove_tags':
      return `Removed ${request.value.join(', ')} from ${people}`;
    case 'archive':
      return `Archived ${people}`;
    case 'delete':
      return `Deleted ${people}`;
    case 'merge':
      return `Merged ${people} into one`;
  }
}

/** Characters of the bulk tag field: as many tags as a contact holds, each as long as a tag may be, with ", " between. */
export const TAGS_FIELD_MAX_LENGTH = CONTACT_LIMITS.tags * (TAG_MAX_LENGTH + ', '.length);

/** "a, b ,, c" -> ["a", "b", "c"], the way tags are typed into one field. */
export function splitTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}
