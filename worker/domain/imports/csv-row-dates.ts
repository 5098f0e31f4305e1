import type { ColumnMapping } from './column-mapping';
import { restoreCsvValue } from './csv-cells';
import { parseImportedDate } from './imported-dates';
import type { ImportedDate } from './vcard-to-record';
import { fitted, type CutValue } from './cut-to-fit';

export const DATE_LABEL_MAX = 100;
const FIELD_NAMES = { birthday: 'Birthday', anniversary: 'Anniversary', dates: 'Date' } as const;

/** Google's "Event 1 - Value" is labelled by "Event 1 - Label" (legacy exports: "Event 1 - Type"). */
export function siblingLabel(headers: string[], cells: string[], header: string): string | null {
  const base = header.match(/^(.*\S)\s*-\s*value$/i)?.[1];
  if (!base) return null;
  const i = headers.findIndex((h) => new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*-\\s*(label|type)$`, 'i').test(h));
  return i >= 0 ? restoreCsvValue(cells[i] ?? '').trim() || null : null;
}

/** "Anniversary" (any case) is the anniversary kind; any other label is a custom date. */
function labelled(label: string | null, cut: CutValue[]): Pick<ImportedDate, 'kind' | 'label'> {
  if (!label) return { kind: 'custom', label: 'Date' };
  if (/^anniversary$/i.test(label)) return { kind: 'anniversary', label: null };
  if (/^birthday$/i.test(label)) return { kind: 'birthday', label: null };
  return { kind: 'custom', label: fitted('Date label', label, DATE_LABEL_MAX, cut) };
}

/**
 * The birthday, anniversaries and other dates of one CSV row, from the columns mapped to them.
 * A cell may list several dates ("; "-joined, as Kith's export writes them); an "Other Dates"
 * item reads "Label: date". Text that is no date is returned in `unreadable`, to report.
 */
export function rowDates(
  headers: string[],
  mapping: ColumnMapping,
  cells: string[],
  cut: CutValue[] = [],
): { dates: ImportedDate[]; unreadable: string[] } {
  const dates: ImportedDate[] = [];
  const unreadable: string[] = [];
  headers.forEach((header, i) => {
    const field = mapping[header];
    if (field !== 'birthday' && field !== 'anniversary' && field !== 'dates') return;
    const cell = restoreCsvValue(cells[i] ?? '').trim();
    const items = field === 'birthday' ? [cell] : cell.split(/\s*;\s*/);
    for (const item of items.filter(Boolean)) {
      let date = parseImportedDate(item);
      let labelCut: CutValue[] = [];
      let kind: Pick<ImportedDate, 'kind' | 'label'> =
        field === 'dates' ? labelled(siblingLabel(headers, cells, header), labelCut) : { kind: field, label: null };
      const split = item.lastIndexOf(': ');
      if (date === null && field === 'dates' && split > 0) {
        date = parseImportedDate(item.slice(split + 2));
        labelCut = [];
        kind = labelled(item.slice(0, split).trim(), labelCut);
      }
      if (date) dates.push({ ...kind, ...date });
      if (date) cut.push(...labelCut);
      else if (date === null) unreadable.push(`${FIELD_NAMES[field]} "${item.slice(0, 80)}"`);
    }
  });
  return { dates, unreadable };
}
