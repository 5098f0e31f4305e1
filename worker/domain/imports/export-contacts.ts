import { and, asc, eq, gt } from 'drizzle-orm';
import Papa from 'papaparse';
import { contacts } from '../../db/schema';
import { loadContactViews, type ContactView } from '../contacts/contact-view';
import type { Deps } from '../deps';

// The same headers the import recognises (suggestMapping), so an export re-imports cleanly;
// "Kith ID" lets a re-import find each contact again even without an email or phone.
const COLUMNS: [string, (c: ContactView & { connected_on?: string | null }) => string][] = [
  ['Kith ID', (c) => c.id],
  ['First Name', (c) => c.first_name ?? ''],
  ['Last Name', (c) => c.last_name ?? ''],
  ['Email', (c) => c.emails.join('; ')],
  ['Phone', (c) => c.phones.join('; ')],
  ['Company', (c) => c.company?.name ?? ''],
  ['Title', (c) => c.title ?? ''],
  ['Tags', (c) => c.tags.join('; ')],
  ['Priority', (c) => c.priority],
  ['Notes', (c) => c.notes ?? ''],
  ['Location', (c) => c.location ?? ''],
  ['Telegram', (c) => c.telegram_username ?? ''],
  ['Twitter', (c) => c.twitter_handle ?? ''],
  ['LinkedIn URL', (c) => c.linkedin_url ?? ''],
  ['Connected On', (c) => c.connected_on ?? ''],
];
export const EXPORT_HEADERS = COLUMNS.map(([h]) => h);

const PAGE = 500;

/**
 * Formula injection guard: a spreadsheet runs a cell starting with "=" or "@" as a formula.
 * The importer strips the quote again (see row-to-record), so the round trip is exact.
 */
export const neutralizeFormula = (value: string) => (/^[=@\t\r]/.test(value) ? `'${value}` : value);

/** All the user's contacts as CSV, streamed page by page (keyset on id): constant memory. */
export function exportContactsCsv(deps: Deps, userId: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = '';
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A BOM so spreadsheet apps open the UTF-8 file with the right accents.
        controller.enqueue(encoder.encode(`\uFEFF${Papa.unparse([EXPORT_HEADERS])}\r\n`));
        return;
      }
      const page = await deps.db
        .select({ id: contacts.id, connectedOn: contacts.connectedOn })
        .from(contacts)
        .where(and(eq(contacts.userId, userId), gt(contacts.id, after)))
        .orderBy(asc(contacts.id))
        .limit(PAGE);
      if (page.length === 0) {
        controller.close();
        return;
      }
      after = page[page.length - 1]!.id;
      const connected = new Map(page.map((p) => [p.id, p.connectedOn]));
      const views = await loadContactViews(deps.db, userId, page.map((p) => p.id));
      const rows = views.map((v) => COLUMNS.map(([, get]) => neutralizeFormula(get({ ...v, connected_on: connected.get(v.id) ?? null }))));
      controller.enqueue(encoder.encode(`${Papa.unparse(rows, { newline: '\r\n' })}\r\n`));
    },
  });
}
