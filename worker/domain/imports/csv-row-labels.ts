import type { ColumnMapping, ImportField } from './column-mapping';
import { restoreCsvValue } from './csv-cells';
import { labelBlocks, labelOfHeader, labelOfTypes, type LabelledValue } from './identifier-labels';

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The column that labels this one: Google's "Phone 1 - Label" (or "- Type") for "Phone 1 - Value", Outlook's "E-mail 2 Type". */
export function qualifierOf(headers: string[], header: string): number {
  const prefix = header.trim().replace(/\s*-?\s*(value|address)$/i, '');
  if (!prefix) return -1;
  const pattern = new RegExp(`^${escaped(prefix)}\\s*-?\\s*(label|type)$`, 'i');
  return headers.findIndex((h) => pattern.test(h.trim()));
}

/**
 * The labels of a row's phones and emails as "Phones:" and "Emails:" blocks for the notes
 * (ADR 072): from the column that labels each ("Phone 1 - Label: Mobile"), else from the
 * column's own name ("Mobile Phone", Yahoo's "Work").
 */
export function rowLabelBlocks(
  headers: string[],
  mapping: ColumnMapping,
  cells: string[],
  split: (field: ImportField, value: string) => string[],
  /** Values that are no value: Outlook 2003's column name written into an empty field ("BusinessPhone"). */
  placeholder: (value: string) => boolean,
): string[] {
  const lists: Record<'phones' | 'emails', LabelledValue[]> = { phones: [], emails: [] };
  headers.forEach((header, i) => {
    const field = mapping[header];
    if (field !== 'phones' && field !== 'emails') return;
    const value = restoreCsvValue(cells[i] ?? '').trim();
    if (!value) return;
    const q = qualifierOf(headers, header);
    // Google marks the first value's label with "* ".
    const qualifier =
      q >= 0
        ? restoreCsvValue(cells[q] ?? '')
            .replace(/^\*\s*/, '')
            .trim()
        : '';
    const label = (qualifier && labelOfTypes([qualifier])) || labelOfHeader(header);
    for (const v of split(field, value)) if (!placeholder(v)) lists[field].push({ value: v, label });
  });
  return labelBlocks(lists.phones, lists.emails);
}
