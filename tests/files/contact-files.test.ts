import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { eventually } from '../support/eventually';

// A contact's files (#48, ADR 066): uploaded on the contact, listed newest first, downloaded with
// headers that keep a document from running in Kith's origin, refused clearly when too big or of
// a type Kith does not keep, another user's a 404, and no bytes left in R2 once the file, its
// contact or the whole account is deleted.

const bucket = () => (env as unknown as { FILES: R2Bucket }).FILES;
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);
const PDF = new TextEncoder().encode('%PDF-1.4\n% lease of the flat in Lisbon\n%%EOF\n');

function upload(me: Session, contactId: string, name: string, type: string, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.set('file', new File([bytes], name, { type }));
  return as(me, `/api/v1/contacts/${contactId}/files`, { method: 'POST', body: form });
}

const keysUnder = async (prefix: string) => (await bucket().list({ prefix })).objects.map((o) => o.key);

describe("a contact's files", () => {
  it('keeps a photo and a document, lists them newest first, and serves each with headers that keep it from running', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana' });
    const photo = await upload(me, ana.id, 'ana at the beach.png', 'image/png', PNG);
    expect(photo.status, await photo.clone().text()).toBe(201);
    const doc = await upload(me, ana.id, 'lease – Lisboa.pdf', 'application/pdf', PDF);
    expect(doc.status).toBe(201);
    const docView = (await json(doc)).data;
    expect(docView).toMatchObject({
      kind: 'document',
      file_name: 'lease – Lisboa.pdf',
      content_type: 'application/pdf',
      byte_size: PDF.byteLength,
      source: 'upload',
    });

    const list = await json(await as(me, `/api/v1/contacts/${ana.id}/files?page_size=1`));
    expect(list.meta).toMatchObject({ total: 2, total_pages: 2, page_size: 1 });
    expect(list.data.map((f: any) => f.file_name)).toEqual(['lease – Lisboa.pdf']);
    const second = await json(await as(me, `/api/v1/contacts/${ana.id}/files?page=2&page_size=1`));
    expect(second.data).toMatchObject([{ kind: 'photo', file_name: 'ana at the beach.png', content_type: 'image/png' }]);

    const image = await as(me, second.data[0].url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);

    const pdf = await as(me, docView.url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toBe(
      `attachment; filename="lease _ Lisboa.pdf"; filename*=UTF-8''${encodeURIComponent('lease – Lisboa.pdf')}`,
    );
    expect(pdf.headers.get('x-content-type-options')).toBe('nosniff');
    expect(pdf.headers.get('content-security-policy')).toContain('sandbox');
    expect(await pdf.text()).toBe(new TextDecoder().decode(PDF));
  });

  it('refuses a file over 10 MB with 413 and a type it does not keep (or an image that is not one) with 415, keeping nothing', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana' });
    const big = await upload(me, ana.id, 'video.pdf', 'application/pdf', new Uint8Array(10 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect((await json(big)).error).toMatchObject({ code: 'payload_too_large', message: expect.stringContaining('10 MB') });
    const html = await upload(me, ana.id, 'page.html', 'text/html', new TextEncoder().encode('<script>alert(1)</script>'));
    expect(html.status).toBe(415);
    expect((await json(html)).error).toMatchObject({ code: 'unsupported_media_type', message: expect.stringContaining('text/html') });
    const fake = await upload(me, ana.id, 'photo.png', 'image/png', new TextEncoder().encode('<svg onload=alert(1)>'));
    expect(fake.status).toBe(415);
    expect((await json(fake)).error.code).toBe('unsupported_media_type');
    expect((await json(await as(me, `/api/v1/contacts/${ana.id}/files`))).meta.total).toBe(0);
    expect(await keysUnder(`contact-files/${me.user.id}/`)).toEqual([]);
  });

  it("answers 404 in the envelope for another user's file, whichever contact it names, and leaves it as it was", async () => {
    const me = await signUp();
    const mallory = await signUp();
    const ana = await createContact(me, { first_name: 'Ana' });
    const theirs = await createContact(mallory, { first_name: 'Mine' });
    const file = (await json(await upload(me, ana.id, 'lease.pdf', 'application/pdf', PDF))).data;
    for (const path of [`/api/v1/contacts/${ana.id}/files/${file.id}`, `/api/v1/contacts/${theirs.id}/files/${file.id}`]) {
      for (const method of ['GET', 'DELETE']) {
        const res = await as(mallory, path, { method });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect((await json(res)).error.code).toBe('not_found');
      }
    }
    expect((await as(mallory, `/api/v1/contacts/${ana.id}/files`)).status).toBe(404);
    expect((await as(me, file.url)).status).toBe(200);
  });

  it('deletes the bytes with the file, with its contact (after the purge job) and with the account', async () => {
    const me = await signUp();
    const prefix = `contact-files/${me.user.id}/`;
    const ana = await createContact(me, { first_name: 'Ana' });
    const ben = await createContact(me, { first_name: 'Ben' });
    const one = (await json(await upload(me, ana.id, 'one.pdf', 'application/pdf', PDF))).data;
    await upload(me, ana.id, 'two.png', 'image/png', PNG);
    await upload(me, ben.id, 'three.pdf', 'application/pdf', PDF);
    expect(await keysUnder(prefix)).toHaveLength(3);

    expect((await as(me, `/api/v1/contacts/${ana.id}/files/${one.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await as(me, one.url)).status).toBe(404);
    expect(await keysUnder(prefix)).toHaveLength(2);

    expect((await as(me, `/api/v1/contacts/${ana.id}`, { method: 'DELETE' })).status).toBe(204);
    await eventually(
      () => keysUnder(prefix),
      (keys) => keys.length === 1,
      "the deleted contact's bytes are gone",
    );

    const res = await as(me, '/api/v1/me', { method: 'DELETE', json: { confirm_email: me.user.email, password: 'correct horse battery' } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await keysUnder(prefix)).toEqual([]);
  });
});
