import { command, type OnRecord, type SignedIn } from '../command';
import { contactCreateSchema, contactUpdateSchema } from './contact-input';
import { createContact, updateContact } from './save-contact';

/** A new contact: POST /contacts and the New contact page. */
export const createContactCommand = command(contactCreateSchema, ({ deps, user }: SignedIn, input) => createContact(deps, user.id, input));

/** A contact's fields changed: PATCH /contacts/{id} and the contact page's edits. */
export const updateContactCommand = command(contactUpdateSchema, ({ deps, user, id }: OnRecord, input) =>
  updateContact(deps, user.id, id, input),
);
