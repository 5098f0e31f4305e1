// The values a contact's priority and source take, and a tag's length: shared by the API's schemas and the
// browser's list filters, so this module stays free of zod.
export const PRIORITIES = ['high', 'medium', 'low', 'archived'] as const;
export const SOURCES = ['manual', 'csv', 'linkedin', 'google', 'email', 'telegram', 'twitter'] as const;
/** Characters of one tag. */
export const TAG_MAX_LENGTH = 64;
