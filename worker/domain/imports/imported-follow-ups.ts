import { newId, nowIso } from '../../db/columns';
import type { Deps } from '../deps';
import { recordInteractions } from '../timeline/record-interactions';
import { insertImportedRemindersStatement } from './imported-records-queries';

export interface ImportedFollowUp {
  contactId: string;
  /** YYYY-MM-DD of the last contact the file recorded (Dex, Clay, Covve). */
  lastContacted?: string;
  /** YYYY-MM-DD of a reminder the file carried. */
  reminderOn?: string;
}

/** The reminders of a chunk's rows, as one statement for the chunk's batch (null when none). */
export function importedRemindersStatement(d1: D1Database, userId: string, list: ImportedFollowUp[]): D1PreparedStatement | null {
  const seen = new Set<string>();
  const rows = list.flatMap(({ contactId, reminderOn }) => {
    if (!reminderOn || seen.has(`${contactId}:${reminderOn}`)) return [];
    seen.add(`${contactId}:${reminderOn}`);
    return [{ id: newId(), contact_id: contactId, on: reminderOn, note: 'Reminder from the imported file' }];
  });
  return rows.length ? insertImportedRemindersStatement(d1, userId, rows, nowIso()) : null;
}

/**
 * The last contact a file recorded, as a timeline entry on that day: it counts as contact, so
 * the contact's last interaction and keep-in-touch due date follow it. Its external id makes a
 * second import of the same file add nothing.
 */
export async function recordImportedLastContacts(deps: Deps, userId: string, list: ImportedFollowUp[]): Promise<void> {
  await recordInteractions(
    deps,
    userId,
    list.flatMap(({ contactId, lastContacted }) =>
      lastContacted
        ? [
            {
              contact_id: contactId,
              kind: 'note',
              conversation: true,
              body: 'Last contact, as recorded in the imported file',
              source: 'csv',
              external_id: `last-contacted:${contactId}:${lastContacted}`,
              occurred_at: `${lastContacted}T12:00:00.000Z`,
            },
          ]
        : [],
    ),
    { imported: true },
  );
}
