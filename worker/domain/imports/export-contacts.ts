import { loadContactViews, type ContactView } from '../contacts/contact-view';
import { datesOfContacts, type DateView } from '../dates/important-dates';
import type { Deps } from '../deps';
import type { ImportField } from './column-mapping';
import { contactIdsAfter } from './contact-export-queries';
import { csvRecord } from './csv-cells';
import { isoDate } from './imported-dates';
import { KITH_CSV_COLUMNS, KITH_LIST_SEPARATOR } from './kith-csv-columns';

type ExportedContact = ContactView & { dates: DateView[] };

const list = (values: string[]) => values.join(KITH_LIST_SEPARATOR);
const datesOf = (c: ExportedContact, kind: DateView['kind']) => c.dates.filter((d) => d.kind === kind);

// What each column of Kith's export holds; the import reads the same columns back (ADR 012).
const VALUE_OF: Partial<Record<ImportField, (c: ExportedContact) => string>> = {
  kith_id: (c) => c.id,
  first_name: (c) => c.first_name ?? '',
  last_name: (c) => c.last_name ?? '',
  emails: (c) => list(c.emails),
  phones: (c) => list(c.phones),
  company: (c) => c.company?.name ?? '',
  title: (c) => c.title ?? '',
  tags: (c) => list(c.tags),
  priority: (c) => c.priority,
  notes: (c) => c.notes ?? '',
  location: (c) => c.location ?? '',
  telegram_username: (c) => c.telegram_username ?? '',
  twitter_handle: (c) => c.twitter_handle ?? '',
  linkedin_url: (c) => c.linkedin_url ?? '',
  connected_on: (c) => c.connected_on ?? '',
  birthday: (c) => list(datesOf(c, 'birthday').map(isoDate)),
  anniversary: (c) => list(datesOf(c, 'anniversary').map(isoDate)),
  dates: (c) => list(datesOf(c, 'custom').map((d) => `${d.label ?? 'Date'}: ${isoDate(d)}`)),
};

const PAGE = 500;

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
        controller.enqueue(encoder.encode(`\uFEFF${csvRecord(KITH_CSV_COLUMNS.map((c) => c.header))}\r\n`));
        return;
      }
      const page = await contactIdsAfter(deps.db, userId, after, PAGE);
      if (page.length === 0) {
        controller.close();
        return;
      }
      after = page[page.length - 1]!.id;
      const ids = page.map((p) => p.id);
      const [views, dates] = await Promise.all([loadContactViews(deps.db, userId, ids), datesOfContacts(deps.db, userId, ids)]);
      const records = views.map((v) => {
        const contact = { ...v, dates: dates.get(v.id) ?? [] };
        return csvRecord(KITH_CSV_COLUMNS.map((column) => VALUE_OF[column.field]?.(contact) ?? ''));
      });
      controller.enqueue(encoder.encode(`${records.join('\r\n')}\r\n`));
    },
  });
}
