// How Kith writes a CSV cell, and how its import reads one back (ADR 012). Import-free: the
// browser builds the import error report with the same rule.

// OWASP's CSV-injection triggers (= + - @ TAB CR), plus LF and the full-width = + - @ that
// some spreadsheet locales also read as the start of a formula.
const TRIGGER = '=+\\-@\\t\\r\\n\uFF1D\uFF0B\uFF0D\uFF20';
// A cell that starts with a trigger, or with quotes before one: the second form is prefixed
// too, so that the import's "strip one quote" undoes exactly what the export added.
const NEEDS_QUOTE_PREFIX = new RegExp(`^'*[${TRIGGER}]`);
const ADDED_QUOTE_PREFIX = new RegExp(`^'(?='*[${TRIGGER}])`);
const NEEDS_QUOTING = /[",;\r\n\t]|^\s|\s$/;

/** A value as a spreadsheet must not run it: a formula-like start gets a leading `'`. */
export function neutralizeCsvValue(value: string): string {
  return NEEDS_QUOTE_PREFIX.test(value) ? `'${value}` : value;
}

/** The import's inverse of neutralizeCsvValue: one leading `'` before a trigger is dropped. */
export function restoreCsvValue(cell: string): string {
  return cell.replace(ADDED_QUOTE_PREFIX, '');
}

/** One CSV cell: neutralized, and quoted when it was, or when it holds a separator, quote or line break. */
export function csvCell(value: string): string {
  const safe = neutralizeCsvValue(value);
  return safe !== value || NEEDS_QUOTING.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV record (no line ending): every cell through csvCell. */
export const csvRecord = (values: string[]) => values.map(csvCell).join(',');
