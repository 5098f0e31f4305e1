import type { UserStore } from '../../db/stores';
import type { ContactSort } from './contact-sorts';
import { hasScoredContact } from './scored-contact-queries';

/**
 * The contact list's order when the user has not chosen one. "Score: high to low" sorts nothing
 * while every score is 0 (a new account, or an import with no interactions), so such an account
 * sees its people by name until the first score arrives.
 */
export async function defaultListSort(store: UserStore): Promise<ContactSort> {
  return (await hasScoredContact(store)) ? '-score' : 'name';
}
