import { RELATIONSHIP_LIMITS } from '../relationships/relationship-limits';
import { kindOfLabel, type RelatedName } from '../relationships/vcard-related';
import type { ColumnMapping } from './column-mapping';
import { restoreCsvValue } from './csv-cells';
import { siblingLabel } from './csv-row-dates';

/**
 * The people a CSV row names as related (Google's "Relation 1 - Value", its kind in "Relation 1 -
 * Label"), as a vCard's RELATED names are (ADR 041): linked after the row's contact is written.
 * Google joins several names of one label with " ::: ".
 */
export function rowRelatedNames(headers: string[], mapping: ColumnMapping, cells: string[]): RelatedName[] {
  const out: RelatedName[] = [];
  const seen = new Set<string>();
  headers.forEach((header, i) => {
    if (mapping[header] !== 'related') return;
    const tie = kindOfLabel((siblingLabel(headers, cells, header) ?? '').replace(/^\*\s*/, '').replace(/^_\$!<(.*)>!\$_$/, '$1'));
    for (const raw of restoreCsvValue(cells[i] ?? '').split(/\s*(?::::|\n)\s*/)) {
      const name = raw.replace(/\s+/g, ' ').trim().slice(0, RELATIONSHIP_LIMITS.personName);
      const key = `${name.toLowerCase()}|${tie.kind}|${tie.label}`;
      if (!name || seen.has(key)) continue;
      seen.add(key);
      out.push({ name, ...tie });
    }
  });
  return out;
}
