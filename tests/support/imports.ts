import { as, json, type Session } from './client';
import { eventually } from './eventually';

/** Uploads file contents as the multipart `file` field (plus any other fields). */
export function upload(
  session: Session,
  path: string,
  contents: string | Uint8Array,
  fields: Record<string, string> = {},
  name = 'contacts.csv',
) {
  const form = new FormData();
  form.set('file', new File([contents as BlobPart], name, { type: 'text/csv' }));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return as(session, path, { method: 'POST', body: form });
}

/** Polls GET /imports/{id} until the queue job has finished it. */
export function waitForImport(session: Session, id: string, timeoutMs = 15_000): Promise<any> {
  const read = async () => (await json(await as(session, `/api/v1/imports/${id}`))).data;
  return eventually(read, (data) => data.status === 'done' || data.status === 'failed', `import ${id} finished`, {
    timeoutMs,
    everyMs: 100,
  });
}

/** Starts a CSV import and waits for it. */
export async function importCsv(session: Session, contents: string | Uint8Array, mapping?: Record<string, string>) {
  const res = await upload(session, '/api/v1/imports/csv', contents, mapping ? { mapping: JSON.stringify(mapping) } : {});
  if (res.status !== 202) throw new Error(`import failed: ${res.status} ${await res.text()}`);
  return waitForImport(session, (await json(res)).data.import_id);
}

export async function allContacts(session: Session): Promise<any[]> {
  return (await json(await as(session, '/api/v1/contacts?page_size=200&priority=high&priority=medium&priority=low&priority=archived')))
    .data;
}

/**
 * Every contact of the account with its dates, as an export carries them: what a round trip
 * through an export must reproduce (no ids, timestamps, source or background-job fields).
 */
export async function exportedFields(session: Session): Promise<any[]> {
  const contacts = await allContacts(session);
  const withDates = await Promise.all(
    contacts.map(async (c) => {
      const dates = (await json(await as(session, `/api/v1/contacts/${c.id}/dates`))).data.map(
        ({ kind, label, month, day, year }: any) => ({ kind, label, month, day, year }),
      );
      const {
        first_name,
        last_name,
        full_name,
        emails,
        phones,
        company,
        title,
        tags,
        priority,
        notes,
        location,
        telegram_username,
        twitter_handle,
        linkedin_url,
        connected_on,
      } = c;
      return {
        first_name,
        last_name,
        full_name,
        emails,
        phones,
        company: company?.name ?? null,
        title,
        tags,
        priority,
        notes,
        location,
        telegram_username,
        twitter_handle,
        linkedin_url,
        connected_on,
        dates,
      };
    }),
  );
  return withDates.sort((a, b) => a.full_name.localeCompare(b.full_name) || JSON.stringify(a).localeCompare(JSON.stringify(b)));
}
