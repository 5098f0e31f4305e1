import { command, type OnRecord, type SignedIn } from '../command';
import { keyed } from '../idempotency/keyed-command';
import { contactCreateSchema, contactUpdateSchema } from './contact-input';
import { createContact, updateContact } from './save-contact';

/** A new contact: POST /contacts and the New contact page. */
export const createContactCommand = command(contactCreateSchema, ({ deps, user }: SignedIn, input) => createContact(deps, user.id, input));

/**
 * A contact's fields changed: PATCH /contacts/{id} and the contact page's edits. `ifVersion`
 * (the API's If-Match, the page's `base_version`): the contact's `updated_at` the edit was made
 * on; when it changed meanwhile the edit is refused (409) rather than written over the change.
 */
export const updateContactCommand = keyed(
  'update-contact',
  command(contactUpdateSchema, ({ deps, user, id, ifVersion }: OnRecord & { ifVersion?: string }, input) =>
    updateContact(deps, user.id, id, input, undefined, ifVersion),
  ),
);
