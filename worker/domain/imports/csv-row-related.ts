import { RELATIONSHIP_LIMITS } from '../relationships/relationship-limits';
import { kindOfLabel, type RelatedName } from '../relationships/vcard-related';
import { fitted, type CutValue } from './cut-to-fit';
import type { ColumnMapping } from './column-mapping';
import { restoreCsvValue } from './csv-cells';
import { siblingLabel } from './csv-row-dates';

/**
 * The people a CSV row names as related (Google's "Relation 1 - Value", its kind in "Relation 1 -
 * Label"), as a vCard's RELATED names are (ADR 041): linked after the row's contact is written.
 * Google joins several names of one label with " ::: ".
 */
export function rowRelatedNames(headers: string[], mapping: ColumnMapping, cells: string[], cut: CutValue[] = []): RelatedName[] {
  const out: RelatedName[] = [];
  const seen = new Set<string>();
  headers.forEach((header, i) => {
    if (mapping[header] !== 'related') return;
    const tie = kindOfLabel((siblingLabel(headers, cells, header) ?? '').replace(/^\*\s*/, '').replace(/^_\$!<(.*)>!\$_$/, '$1'), cut);
    for (const raw of restoreCsvValue(cells[i] ?? '').split(/\s*(?::::|\n)\s*/)) {
      const whole = raw.replace(/\s+/g, ' ').trim();
      const key = `${whole.toLowerCase()}|${tie.kind}|${tie.label}`;
      if (!whole || seen.has(key)) continue;
      seen.add(key);
      out.push({ name: fitted('Related person', whole, RELATIONSHIP_LIMITS.personName, cut), ...tie });
    }
  });
  return out;
}
