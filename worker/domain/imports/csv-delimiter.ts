const CANDIDATES = [',', ';', '\t', '|'];
const SAMPLE_RECORDS = 20;
const SAMPLE_CHARS = 256 * 1024;

/**
 * Cells per record in the first records of `text` when split on `delimiter`, read as CSV:
 * a quote opens a field only at its start, and what it encloses (separators, line breaks,
 * "; "-joined lists, multi-line notes) belongs to that field. Blank lines are not records.
 */
function cellCounts(text: string, delimiter: string): number[] {
  const counts: number[] = [];
  let cells = 1;
  let blank = true;
  let fieldStart = true;
  let quoted = false;
  const end = Math.min(text.length, SAMPLE_CHARS);
  for (let i = 0; i < end && counts.length < SAMPLE_RECORDS; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"' && fieldStart) {
      quoted = true;
      fieldStart = false;
      blank = false;
    } else if (c === delimiter) {
      cells++;
      fieldStart = true;
      blank = false;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      if (!blank) counts.push(cells);
      cells = 1;
      blank = true;
      fieldStart = true;
    } else {
      fieldStart = false;
      blank = false;
    }
  }
  if (!blank && counts.length < SAMPLE_RECORDS) counts.push(cells);
  return counts;
}

/**
 * The separator of a CSV file: the candidate that splits the header into several columns and
 * gives the most records that same number of cells (then the most columns). Separators inside
 * quoted fields do not count, so a "; "-joined list or a note never outvotes the real one.
 */
export function guessDelimiter(text: string): string {
  let best = { delimiter: ',', consistent: -1, columns: 0 };
  for (const delimiter of CANDIDATES) {
    let counts = cellCounts(text, delimiter);
    // A table's name alone above the header (Numbers' "Include table names") does not vote.
    if (counts[0] === 1 && (counts[1] ?? 0) > 1) counts = counts.slice(1);
    const columns = counts[0] ?? 0;
    if (columns < 2) continue;
    const consistent = counts.filter((n) => n === columns).length;
    if (consistent > best.consistent || (consistent === best.consistent && columns > best.columns))
      best = { delimiter, consistent, columns };
  }
  return best.delimiter;
}

/** Excel's first line `sep=;` (or `"sep=;"`), which names the separator: its length and the separator. */
export function excelSeparatorLine(text: string): { length: number; delimiter: string } | null {
  const m = text.match(/^\uFEFF?"?sep=([^\r\n"])"?[ \t]*(?:\r\n|\n|\r)/i);
  return m ? { length: m[0].length, delimiter: m[1]! } : null;
}
