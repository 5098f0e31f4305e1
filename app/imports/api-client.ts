// Browser-side calls of the Imports API (cookie session; the browser adds our Origin).
import { api, dataOf, type ApiData } from '../api/client';

export type ImportProgress = ApiData<(typeof api.imports)[':id']['$get']>;
export type ImportWarning = ImportProgress['warnings'][number];
export type CsvPreview = ApiData<typeof api.imports.csv.preview.$post>;

export const previewCsv = (file: File) => dataOf(api.imports.csv.preview.$post({ form: { file } }));

export const startCsvImport = (file: File, mapping: Record<string, string>) =>
  dataOf(api.imports.csv.$post({ form: { file, mapping: JSON.stringify(mapping) } }));

export const startLinkedinImport = (file: File) => dataOf(api.imports.linkedin.$post({ form: { file } }));

export const startVcardImport = (file: File) => dataOf(api.imports.vcard.$post({ form: { file } }));

export const startRestore = (file: File) => dataOf(api.imports.backup.$post({ form: { file } }));

export const startGoogleSync = () => dataOf(api.sync['google-contacts'].$post());

export const getImport = (id: string) => dataOf(api.imports[':id'].$get({ param: { id: encodeURIComponent(id) } }));

export const startMonicaImport = (url: string, token: string) => dataOf(api.imports.monica.$post({ json: { url, token } }));

export const cancelImport = (id: string) => api.imports[':id'].cancel.$post({ param: { id: encodeURIComponent(id) } });

export type PastImport = ApiData<typeof api.imports.$get>[number];

/** A page of past imports after `cursor` (its data and meta.next_cursor). */
export const listPastImports = async (cursor: string) => {
  const res = await api.imports.$get({ query: { cursor } });
  if (!res.ok) throw new Error(`Could not load older imports (${res.status})`);
  return res.json();
};
