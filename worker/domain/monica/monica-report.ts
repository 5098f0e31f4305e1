// The import report of a Monica import: per kind of record, how many came in and where each
// landed in Kith. No imports: the Import page reads the same words in the browser.

export interface MonicaReportLine {
  kind: string;
  count: number;
  where: string;
}

export const MONICA_REPORT_WHERE: Record<string, string> = {
  contacts: 'Contacts (Monica’s nickname, gender, deceased date, other addresses and fields as “Monica ·” lines of the notes)',
  avatars: 'Contact photos: the photo each contact wore as its avatar in Monica (Monica’s generated avatars and gravatars stay behind)',
  contacts_failed: 'Not imported: no name, email or phone Kith could read (listed under errors)',
  people: 'Lightweight people on the contacts they belong to (Monica’s partial contacts)',
  relationships: 'Relationships, on both contacts',
  relationships_missing: 'Not linked: the other contact is not in Monica’s list of contacts',
  groups: 'Tags named after each group, on its members',
  cadences: 'Keep-in-touch cadences from “stay in touch” (where you had set none in Kith)',
  notes: 'Timeline notes “Monica note” (favourites marked ★)',
  activities: 'Timeline meetings, on every attendee',
  calls: 'Timeline calls, with who called',
  messages: 'Timeline messages of conversations, with who wrote each',
  reminders: 'Reminders',
  reminders_recurring: 'Reminders on their next date (“repeats every …” in the note)',
  reminders_past: 'Timeline entries “Monica reminder (past)” (one-time reminders already gone by)',
  tasks_open: 'Reminders “Monica task”, due today',
  tasks_done: 'Timeline entries “Monica task (done)” on the day they were done',
  life_events: 'Life events',
  gifts: 'Timeline entries “Monica gift idea / offered / received”',
  debts: 'Timeline entries “Monica debt: …”',
  journal: 'Timeline entries “Monica journal” on each contact an entry names',
  journal_unplaced: 'Not imported: journal entries that name no imported contact (Kith has no journal of its own)',
  photos: 'Photos in the contact’s Files',
  documents: 'Documents in the contact’s Files',
  files_refused: 'Not moved: photos or documents over 10 MB, of a type Kith does not keep, or whose bytes Monica would not serve',
  unplaced: 'Not imported: records of a contact Kith does not have (a partial or deleted contact)',
};

export function monicaReport(counts: Record<string, number>): MonicaReportLine[] {
  return Object.keys(MONICA_REPORT_WHERE)
    .filter((kind) => counts[kind])
    .map((kind) => ({ kind, count: counts[kind]!, where: MONICA_REPORT_WHERE[kind]! }));
}
