// The values a contact's priority and source take, a tag's length and what a contact holds: shared by the
// API's schemas, the imports and the browser's list filters, so this module stays free of zod.
export const PRIORITIES = ['high', 'medium', 'low', 'archived'] as const;
export const SOURCES = ['manual', 'csv', 'linkedin', 'google', 'email', 'telegram', 'twitter', 'monica'] as const;
/** Characters of one tag. */
export const TAG_MAX_LENGTH = 64;
/**
 * What one contact holds (API.md "Input limits"): characters of a one-line field (a name, the
 * company, title, location) and of the notes; emails, phones and tags. The API refuses more; an
 * import keeps what fits and lists the rest as warnings.
 */
export const CONTACT_LIMITS = { line: 200, howWeMet: 500, notes: 20_000, emails: 20, phones: 20, tags: 100 } as const;
