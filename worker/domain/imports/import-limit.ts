import type { Db } from '../../db/client';
import { assertSeesEveryContact } from '../auth/contact-limit';

/**
 * Refuses an import, a Monica import or a restore to a token limited to some contacts (ADR 035,
 * 073): the run matches each row to a contact by email, phone or handle among ALL the user's
 * contacts and writes into it (its fields, its tags), so a row could fill in or retag a contact
 * kept from the token, "work" included, and the report's counts would say that it exists.
 */
export function assertMayImport(db: Db): void {
  assertSeesEveryContact(db, 'import contacts: each row updates the contact it matches, one kept from this token too');
}

/**
 * An import's report quotes the rows it could not take as given (the value, the row), of every
 * contact the file held: a limited token, which cannot import, does not read one, nor cancel one.
 */
export function assertMayReadImports(db: Db, what: string): void {
  assertSeesEveryContact(db, `${what}: its report quotes rows of every contact the file held`);
}
