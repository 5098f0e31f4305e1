import type { Deps } from '../../domain/deps';
import { settleArrivedContacts } from '../../domain/imports/contacts-arrived';
import type { JobMessage } from '../messages';

/** Contacts an import or a sync handed over: merged where they are one person, and rescored. */
export const contactsArrivedJob = async (deps: Deps, job: Extract<JobMessage, { type: 'contacts_arrived' }>) => {
  await settleArrivedContacts(deps, job.contact_ids);
};
