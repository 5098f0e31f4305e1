import { AppError } from '../errors';
import { inputIssues } from '../input-issues';
import { BACKUP_FORMAT, BACKUP_VERSION, headerSchema, recordLineSchema, trailerSchema, type RecordLine } from './backup-format';

/** The largest line a backup may hold (a contact with its photo): a staged row stays under D1's 1 MB. */
export const MAX_LINE_CHARS = 900_000;

const damaged = (line: number, message: string, details: Record<string, unknown> = {}) =>
  new AppError('not_processable', `The backup file is damaged: line ${line} ${message}. Nothing was restored.`, { line, ...details });

/** The file's lines (1-based numbers), decoded one at a time so the whole file is never one string. */
export function* linesOf(bytes: Uint8Array): Generator<{ number: number; text: string }> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let start = 0;
  let number = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    if (end === -1) end = bytes.length;
    number++;
    let text: string;
    try {
      text = decoder.decode(bytes.subarray(start, end)).replace(/\r$/, '');
    } catch {
      throw damaged(number, 'is not UTF-8 text');
    }
    start = end + 1;
    if (text.trim() === '') continue;
    if (text.length > MAX_LINE_CHARS) throw damaged(number, `is longer than ${MAX_LINE_CHARS} characters`);
    yield { number, text };
  }
}

function parsed(line: { number: number; text: string }): unknown {
  try {
    return JSON.parse(line.text);
  } catch {
    throw damaged(line.number, 'is not JSON (the file may have been cut or edited)');
  }
}

/** The ids of the records rows may refer to: a reference to one not seen before its line is damage. */
class Seen {
  readonly organizations = new Set<string>();
  readonly people = new Set<string>();
  readonly contacts = new Set<string>();

  need(line: number, set: 'organizations' | 'people' | 'contacts', id: string | null, field: string) {
    if (id !== null && !this[set].has(id))
      throw damaged(line, `refers to ${set} ${id} (${field}), which the file does not hold before it`, { field });
  }
}

function checkReferences(seen: Seen, line: number, record: RecordLine) {
  switch (record.section) {
    case 'organizations':
    case 'people':
      seen[record.section].add(record.row.id);
      return;
    case 'contacts':
      seen.need(line, 'organizations', record.row.company_id, 'company_id');
      seen.contacts.add(record.row.id);
      return;
    case 'interactions':
    case 'reminders':
    case 'followups':
    case 'life_events':
    case 'import_fingerprints':
      return seen.need(line, 'contacts', record.row.contact_id, 'contact_id');
    case 'relationships':
      seen.need(line, 'contacts', record.row.contact_id, 'contact_id');
      return seen.need(line, record.row.other_type === 'person' ? 'people' : 'contacts', record.row.other_id, 'other_id');
    case 'duplicate_dismissals':
      seen.need(line, 'contacts', record.row.contact_a, 'contact_a');
      return seen.need(line, 'contacts', record.row.contact_b, 'contact_b');
  }
}

/**
 * Reads a whole backup file and answers each record line (its number and text) to `each`, only
 * once every line has been checked: the header and its version, every record against its
 * section's schema, every reference to a record before it, and the trailer's count (a file cut
 * short has none). A damaged file is refused with the line at fault (422), a file of a newer
 * Kith with the version it needs; nothing is answered for either.
 */
export function readBackupFile(bytes: Uint8Array): { records: number; lines: () => Generator<{ number: number; text: string }> } {
  const lines = linesOf(bytes);
  const first = lines.next();
  if (first.done) throw new AppError('invalid_request', 'The file is empty.');
  let head: unknown;
  try {
    head = JSON.parse(first.value.text);
  } catch {
    head = null;
  }
  const header = headerSchema.safeParse(head);
  if (!header.success) {
    throw new AppError('unsupported_media_type', `This is not a Kith backup: its first line is not a "${BACKUP_FORMAT}" header.`);
  }
  if (header.data.version > BACKUP_VERSION) {
    throw new AppError(
      'not_processable',
      `This backup was written by a newer Kith (backup version ${header.data.version}); this server reads version ${BACKUP_VERSION}. Update this Kith, then restore the file again. Nothing was restored.`,
      { version: header.data.version, supported: BACKUP_VERSION },
    );
  }
  const seen = new Seen();
  let records = 0;
  let ended = 0;
  for (const line of lines) {
    if (ended) throw damaged(line.number, 'follows the end of the backup');
    const value = parsed(line);
    if (typeof value === 'object' && value !== null && 'end' in value) {
      const trailer = trailerSchema.safeParse(value);
      if (!trailer.success || trailer.data.records !== records)
        throw damaged(
          line.number,
          `says the backup holds ${String((value as { records?: unknown }).records)} records, but it holds ${records}`,
        );
      ended = line.number;
      continue;
    }
    const record = recordLineSchema.safeParse(value);
    if (!record.success) {
      const issue = inputIssues(record.error)[0];
      const field = issue?.path.map(String).join('.') || 'section';
      throw damaged(line.number, `is not a record Kith knows (${field}: ${issue?.message ?? 'unreadable'})`, { field });
    }
    checkReferences(seen, line.number, record.data as RecordLine);
    records++;
  }
  if (!ended)
    throw new AppError(
      'not_processable',
      'The backup file is damaged: it ends before its last line (it was cut short). Nothing was restored.',
    );
  return {
    records,
    lines: function* () {
      const all = linesOf(bytes);
      all.next();
      for (const line of all) if (line.number !== ended) yield line;
    },
  };
}
