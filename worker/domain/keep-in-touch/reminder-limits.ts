// The characters of a reminder's note, shared by the API's schema (reminders.ts) and the contact
// page's hint: no imports, so zod stays out of the browser's bundle.
export const REMINDER_LIMITS = { note: 500 } as const;
