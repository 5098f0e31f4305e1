// Browser-side calls of the Imports API (cookie session; the browser adds our Origin).

export interface ImportProgress {
  id: string;
  source: string;
  file_name: string | null;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  processed: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  /** Company cards of a vCard, imported as organizations. */
  organizations?: number;
  errors: { row: number; message: string }[];
  warned: number;
  warnings: ImportWarning[];
}

export interface ImportWarning {
  row: number;
  field: string;
  value: string;
  message: string;
}

export interface CsvPreview {
  kind: 'csv' | 'linkedin';
  headers: string[];
  sample_rows: string[][];
  suggested_mapping: Record<string, string>;
  total_rows: number;
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { credentials: 'same-origin', ...init });
  const body = (await res.json().catch(() => null)) as { data?: T; error?: { message: string } } | null;
  if (!res.ok || !body?.data) throw new Error(body?.error?.message ?? `Request failed (${res.status})`);
  return body.data;
}

function form(file: File, fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  data.set('file', file);
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

export const previewCsv = (file: File) => call<CsvPreview>('/api/v1/imports/csv/preview', { method: 'POST', body: form(file) });

export const startCsvImport = (file: File, mapping: Record<string, string>) =>
  call<{ import_id: string }>('/api/v1/imports/csv', { method: 'POST', body: form(file, { mapping: JSON.stringify(mapping) }) });

export const startLinkedinImport = (file: File) => call<{ import_id: string }>('/api/v1/imports/linkedin', { method: 'POST', body: form(file) });

export const startVcardImport = (file: File) => call<{ import_id: string }>('/api/v1/imports/vcard', { method: 'POST', body: form(file) });

export const startGoogleSync = () => call<{ import_id: string }>('/api/v1/sync/google-contacts', { method: 'POST' });

export const getImport = (id: string) => call<ImportProgress>(`/api/v1/imports/${encodeURIComponent(id)}`);
