import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, users } from '../../db/schema';

/** The contacts (with their user) whose logging address carries one of these tokens. */
export function contactsWithBccTokens(db: Db, tokens: string[]) {
  return db.select({ id: contacts.id, userId: contacts.userId }).from(contacts).where(inArray(contacts.bccToken, tokens));
}

/** The email addresses of these users, from the directory. */
export function emailsOfUsers(directory: Db, userIds: string[]) {
  return directory.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds));
}
