import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp } from '../support/client';

// ADR 079: a file name may not carry the characters that turn text around (U+202E RIGHT-TO-LEFT
// OVERRIDE and its kin). "report\u202Efdp.zip" reads "reportpiz.pdf" in the Files card and in the
// saved download, a ZIP passed off as a PDF; the name is kept without them.
const ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Uint8Array(18)]);

describe('a file name that turns its text around', () => {
  it('is kept and served without its direction marks, so its real extension shows', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana' });
    const form = new FormData();
    form.set('file', new File([ZIP], 'report\u202Efdp.zip', { type: 'application/zip' }));
    const res = await as(me, `/api/v1/contacts/${ana.id}/files`, { method: 'POST', body: form });
    expect(res.status).toBe(201);
    const file = (await json(res)).data;
    expect(file.file_name).toBe('reportfdp.zip');
    const download = await as(me, file.url);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="reportfdp.zip"; filename*=UTF-8''reportfdp.zip`);
    for (const mark of ['\u200F', '\u2067', '\u202B', '\u061C']) {
      const named = new FormData();
      named.set('file', new File([ZIP], `a${mark}piz.pdf${mark}.zip`, { type: 'application/zip' }));
      const kept = await as(me, `/api/v1/contacts/${ana.id}/files`, { method: 'POST', body: named });
      expect((await json(kept)).data.file_name, JSON.stringify(mark)).toBe('apiz.pdf.zip');
    }
  });
});
