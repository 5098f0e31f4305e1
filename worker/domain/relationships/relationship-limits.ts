// A note is one line, as a reminder's ("met at her wedding"); a contact's notes span lines.
// No zod here: the People card's form reads these in the browser.
export const RELATIONSHIP_LIMITS = { label: 64, note: 500, personName: 200, personNote: 500 } as const;
