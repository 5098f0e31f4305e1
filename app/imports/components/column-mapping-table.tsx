import type { CsvPreview } from '../api-client';
import { FIELD_OPTIONS } from '../fields';

/** One row per column of the file: its header, sample values and the Kith field it fills. */
export function ColumnMappingTable({
  preview,
  mapping,
  onChange,
}: {
  preview: CsvPreview;
  mapping: Record<string, string>;
  onChange: (column: string, field: string) => void;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase text-slate-500">
          <tr>
            <th className="py-2 pr-4 font-medium">Column in your file</th>
            <th className="py-2 pr-4 font-medium">First rows</th>
            <th className="py-2 font-medium">Import as</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {preview.headers.map((header, i) => (
            <tr key={header}>
              <td className="py-2 pr-4 font-medium">{header}</td>
              <td className="max-w-xs truncate py-2 pr-4 text-slate-500" title={preview.sample_rows.map((r) => r[i] ?? '').join(' · ')}>
                {preview.sample_rows
                  .map((r) => r[i] ?? '')
                  .filter(Boolean)
                  .slice(0, 3)
                  .join(' · ') || '—'}
              </td>
              <td className="py-2">
                <select
                  aria-label={`Import "${header}" as`}
                  value={mapping[header] ?? 'ignore'}
                  onChange={(e) => onChange(header, e.target.value)}
                  className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
                >
                  {FIELD_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
