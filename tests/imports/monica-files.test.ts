import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import { as, json, signUp, type Session } from '../support/client';
import { allContacts } from '../support/imports';
import { importFromMonica, seedAndImport } from './monica-seed';
import { ADA, CHARLES, monicaAccount } from './monica-fixtures';

// Monica's photos and documents move into the contact's Files (#48, ADR 066): a photo from its
// inline data URL (Monica's Photo resource), a document from its storage link with the token;
// each on the right contact with its name and bytes, none twice on a re-import, one Kith does
// not keep counted as refused, and none readable by another user.

const fake = () => inject('fakeProvidersUrl');
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PDF_TEXT = '%PDF-1.4\n% notes on the analytical engine\n%%EOF\n';
const b64 = (text: string) => btoa(text);

function account(key: string) {
  const store = `${fake()}/monica/${key}/store`;
  return {
    ...monicaAccount(key),
    photos: [
      {
        id: 71,
        object: 'photo',
        original_filename: 'ada at the salon.png',
        new_filename: 'photos/a1b2.png',
        filesize: 70,
        mime_type: 'image/png',
        dataUrl: `data:image/png;base64,${PNG_BASE64}`,
        link: `${store}/photos/a1b2.png`,
        contact: ADA,
        created_at: '2019-04-02T10:00:00Z',
      },
    ],
    documents: [
      {
        id: 81,
        object: 'document',
        original_filename: 'engine notes.pdf',
        new_filename: 'documents/c3d4.pdf',
        filesize: PDF_TEXT.length,
        type: 'pdf',
        mime_type: 'application/pdf',
        number_of_downloads: 0,
        link: `${store}/documents/c3d4.pdf`,
        url: `${fake()}/monica/${key}/api/documents/81`,
        contact: CHARLES,
        created_at: '2019-05-01T08:00:00Z',
      },
      {
        id: 82,
        object: 'document',
        original_filename: 'page.html',
        new_filename: 'documents/e5f6.html',
        filesize: 30,
        type: 'html',
        mime_type: 'text/html',
        number_of_downloads: 0,
        link: `${store}/documents/e5f6.html`,
        contact: CHARLES,
        created_at: '2019-05-02T08:00:00Z',
      },
    ],
  };
}

const files = {
  'documents/c3d4.pdf': { type: 'application/pdf', base64: b64(PDF_TEXT) },
  'documents/e5f6.html': { type: 'text/html', base64: b64('<script>alert(1)</script>') },
};

const filesOf = async (me: Session, contactId: string) => (await json(await as(me, `/api/v1/contacts/${contactId}/files`))).data as any[];

describe("Monica's photos and documents", () => {
  it('arrive on the right contact with their names and bytes, count in the report, and come once however often the import runs', async () => {
    const me = await signUp();
    const key = `f${crypto.randomUUID().slice(0, 8)}`;
    const { counts } = await seedAndImport(me, key, { lists: account(key), files });
    expect(counts).toMatchObject({ photos: 1, documents: 1, files_refused: 1 });

    const contacts = await allContacts(me);
    const ada = contacts.find((c) => c.first_name === 'Ada');
    const charles = contacts.find((c) => c.first_name === 'Charles');
    const [photo] = await filesOf(me, ada.id);
    expect(photo).toMatchObject({ kind: 'photo', file_name: 'ada at the salon.png', content_type: 'image/png', source: 'monica' });
    expect(photo.created_at).toBe('2019-04-02T10:00:00.000Z');
    const image = await as(me, photo.url);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0)));
    const docs = await filesOf(me, charles.id);
    expect(docs).toMatchObject([
      { kind: 'document', file_name: 'engine notes.pdf', content_type: 'application/pdf', byte_size: PDF_TEXT.length },
    ]);
    const pdf = await as(me, docs[0].url);
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(await pdf.text()).toBe(PDF_TEXT);

    // Another user reaches neither.
    const mallory = await signUp();
    for (const url of [photo.url, docs[0].url]) expect((await as(mallory, url)).status).toBe(404);

    // Again: nothing doubles, and known files are not fetched again.
    const log = async () => (await (await fetch(`${fake()}/monica/__log?key=${key}`)).json()) as string[];
    const fetchedBefore = (await log()).filter((l) => l.startsWith('GET /store/')).length;
    const again = await importFromMonica(me, key);
    expect(again.status).toBe('done');
    expect(await filesOf(me, ada.id)).toHaveLength(1);
    expect(await filesOf(me, charles.id)).toHaveLength(1);
    expect((await log()).filter((l) => l.startsWith('GET /store/')).length - fetchedBefore).toBe(1); // the refused page.html only
    const bucket = (env as unknown as { FILES: R2Bucket }).FILES;
    expect((await bucket.list({ prefix: `contact-files/${me.user.id}/` })).objects).toHaveLength(2);
  });

  it('fetches a page of documents a few at a time: every one lands, and a refused one still counts as refused', async () => {
    const me = await signUp();
    const key = `f${crypto.randomUUID().slice(0, 8)}`;
    const store = `${fake()}/monica/${key}/store`;
    const doc = (id: number, path: string, name: string) => ({
      id,
      object: 'document',
      original_filename: name,
      new_filename: path,
      filesize: 40,
      mime_type: name.endsWith('.html') ? 'text/html' : 'text/plain',
      link: `${store}/${path}`,
      contact: CHARLES,
      created_at: '2019-05-01T08:00:00Z',
    });
    const kept = [1, 2, 3, 4, 5, 6].map((n) => doc(90 + n, `documents/n${n}.txt`, `note ${n}.txt`));
    const documents = [...kept, doc(97, 'documents/gone.txt', 'gone.txt'), doc(98, 'documents/e5f6.html', 'page.html')];
    const texts = Object.fromEntries(
      kept.map((d, i) => [d.new_filename, { type: 'text/plain', base64: b64(`note ${i + 1} of the engine`) }]),
    );
    const { counts } = await seedAndImport(me, key, {
      lists: { ...monicaAccount(key), documents },
      files: { ...texts, 'documents/e5f6.html': files['documents/e5f6.html'] },
      storeDelayMs: 250,
    });
    expect(counts).toMatchObject({ documents: 6, files_refused: 2 });

    const charles = (await allContacts(me)).find((c) => c.first_name === 'Charles');
    const docs = await filesOf(me, charles.id);
    expect(docs.map((d) => d.file_name).sort()).toEqual(kept.map((d) => d.original_filename).sort());
    for (const d of docs) expect(await (await as(me, d.url)).text()).toBe(`${d.file_name.replace('.txt', '')} of the engine`);
    const { most } = (await (await fetch(`${fake()}/monica/__in-flight?key=${key}`)).json()) as { most: number };
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(4);
  });
});
