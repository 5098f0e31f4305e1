import { sha256Hex } from '../../db/columns';
import { contactCreateSchema, type ContactCreate } from '../contacts/contact-input';
import type { ContactRecord } from '../contacts/upsert-contacts';
import { tagsFromGroups } from '../tags/address-book-groups';
import { MULTI_FIELDS, type ColumnMapping, type ImportField } from './column-mapping';

export type RowResult =
  | { status: 'record'; record: ContactRecord }
  | { status: 'skipped'; message: string }
  | { status: 'failed'; message: string };

const LABELS: Record<string, string> = {
  first_name: 'First name', last_name: 'Last name', emails: 'Email', phones: 'Phone', company: 'Company', title: 'Title',
  tags: 'Tags', priority: 'Priority', notes: 'Notes', location: 'Location', telegram_username: 'Telegram',
  twitter_handle: 'Twitter', linkedin_url: 'LinkedIn URL', avatar_url: 'Avatar URL',
};

// Google joins several values in one cell with " ::: "; our export and many tools use "; ".
const splitList = (field: ImportField, value: string) =>
  value
    .split(field === 'emails' ? /\s*(?::::|;|,|\n)\s*/ : /\s*(?::::|;|\n)\s*/)
    .map((v) => v.trim())
    .filter(Boolean);

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "15 Mar 2024" (LinkedIn) or "2024-03-15" -> "2024-03-15"; anything else -> null. */
export function parseConnectedOn(value: string): string | null {
  const v = value.trim();
  const iso = v.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dmy = v.match(/^(\d{1,2})\s+([A-Za-z]{3})[a-z]*\.?\s+(\d{4})$/);
  const month = dmy ? MONTHS.indexOf(dmy[2]!.toLowerCase()) : -1;
  if (dmy && month >= 0) return `${dmy[3]}-${String(month + 1).padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return null;
}

/** One CSV row through the user's mapping into a contact record, or the reason it is not one. */
export async function rowToRecord(headers: string[], mapping: ColumnMapping, cells: string[]): Promise<RowResult> {
  const values = new Map<ImportField, string[]>();
  headers.forEach((header, i) => {
    const field = mapping[header];
    // Our export quotes a leading "=" or "@" against formula injection; undo that here.
    const cell = (cells[i] ?? '').trim().replace(/^'(?=[=@])/, '');
    if (!field || field === 'ignore' || !cell) return;
    const list = values.get(field) ?? [];
    list.push(...(MULTI_FIELDS.has(field) && field !== 'location' ? splitList(field, cell) : [cell]));
    values.set(field, list);
  });
  const one = (f: ImportField) => values.get(f)?.[0];
  let first = one('first_name');
  let last = one('last_name');
  const full = one('full_name');
  const reversed = full?.match(/^([^,]+),\s*([^,]+)$/); // "Lovelace, Ada"
  if (!first && !last && reversed) {
    last = reversed[1]!.trim();
    first = reversed[2]!.trim();
  } else if (!first && !last && full) {
    const words = full.split(/\s+/);
    last = words.length > 1 ? words.pop() : undefined;
    first = words.join(' ');
  }
  const input: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => {
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) input[key] = value;
  };
  put('first_name', first);
  put('last_name', last);
  put('emails', [...new Set(values.get('emails') ?? [])]);
  put('phones', [...new Set(values.get('phones') ?? [])]);
  put('tags', tagsFromGroups(values.get('tags') ?? []));
  put('location', values.get('location')?.join(', '));
  for (const f of ['company', 'title', 'notes', 'telegram_username', 'twitter_handle', 'linkedin_url', 'avatar_url'] as const) put(f, one(f));
  const priority = one('priority')?.toLowerCase();
  if (priority && ['high', 'medium', 'low', 'archived'].includes(priority)) input.priority = priority;

  const hasIdentifier = ['emails', 'phones', 'telegram_username', 'twitter_handle', 'linkedin_url'].some((k) => k in input);
  if (!first && !last && !hasIdentifier) return { status: 'skipped', message: 'No name and no email, phone, handle or LinkedIn URL' };
  const parsed = contactCreateSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    const bad = issue.path.length > 1 ? (input[field] as unknown[])[Number(issue.path[1])] : input[field];
    return { status: 'failed', message: `${LABELS[field] ?? field} ${typeof bad === 'string' ? `"${bad.slice(0, 80)}" ` : ''}${issue.message}` };
  }
  const connectedOn = one('connected_on') ? parseConnectedOn(one('connected_on')!) : null;
  const record: ContactRecord = { input: parsed.data as ContactCreate, connectedOn, contactId: one('kith_id') };
  record.fingerprint = await sha256Hex(JSON.stringify([input, connectedOn]));
  return { status: 'record', record };
}
