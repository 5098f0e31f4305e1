import { describe, expect, it } from 'vitest';
import { as, call, json, signUp } from '../support/client';
import { upload } from '../support/imports';

describe('import limits and refusals', () => {
  it('refuses a file over 20 MB with 413', async () => {
    const me = await signUp();
    const big = `Name,Notes\n${`Someone,${'x'.repeat(1000)}\n`.repeat(21 * 1024)}`;
    const res = await upload(me, '/api/v1/imports/csv', big);
    expect(res.status).toBe(413);
    expect((await json(res)).error).toMatchObject({ code: 'payload_too_large', message: expect.stringMatching(/20 MB/) });
  });

  it('refuses more than 100 000 rows with a clear message', async () => {
    const me = await signUp();
    const res = await upload(me, '/api/v1/imports/csv/preview', `Name\n${'A\n'.repeat(100_001)}`);
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toMatch(/more than 100,000 rows/);
  });

  it('refuses binary data and workbooks with a clear 415 (a Windows-1252 file is read: csv-encodings.test.ts)', async () => {
    const me = await signUp();
    // UTF-16 with a byte-order mark is read (Excel's "Unicode text"); NULs in it are binary.
    const utf16 = new Uint8Array([0xff, 0xfe, 0x4e, 0x00, 0x00, 0x00]);
    expect((await json(await upload(me, '/api/v1/imports/csv/preview', utf16))).error.message).toMatch(/binary data/);
    // A PNG's first bytes: NULs with no UTF-16 pattern.
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 0x40, 8, 6,
    ]);
    const res = await upload(me, '/api/v1/imports/csv/preview', png);
    expect(res.status).toBe(415);
    expect((await json(res)).error).toMatchObject({ code: 'unsupported_media_type', message: expect.stringMatching(/binary data/) });
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
    expect((await json(await upload(me, '/api/v1/imports/csv/preview', xlsx))).error.message).toMatch(/Excel/);
  });

  it('refuses an empty file, a missing file and a mapping naming unknown columns', async () => {
    const me = await signUp();
    expect((await upload(me, '/api/v1/imports/csv', 'Name,Email\n')).status).toBe(400);
    const noFile = await as(me, '/api/v1/imports/csv', { method: 'POST', body: new FormData() });
    expect(noFile.status).toBe(400);
    const res = await upload(me, '/api/v1/imports/csv', 'Name\nA\n', { mapping: JSON.stringify({ Nope: 'emails' }) });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toMatch(/Nope/);
    const badField = await upload(me, '/api/v1/imports/csv', 'Name\nA\n', { mapping: JSON.stringify({ Name: 'salary' }) });
    expect(badField.status).toBe(400);
  });

  it("answers 404 for another user's import", async () => {
    const me = await signUp();
    const other = await signUp();
    const { data } = await json(await upload(other, '/api/v1/imports/csv', 'Name\nA\n'));
    const res = await as(me, `/api/v1/imports/${data.import_id}`);
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('not_found');
  });

  it('publishes the import endpoints in the OpenAPI document', async () => {
    const doc = await json(await call('/api/v1/openapi.json'));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/imports/csv/preview',
        '/api/v1/imports/csv',
        '/api/v1/imports/{id}',
        '/api/v1/imports/linkedin',
        '/api/v1/sync/google-contacts',
        '/api/v1/extension/linkedin/conversations',
        '/api/v1/contacts/export.csv',
      ]),
    );
    expect(doc.paths['/api/v1/imports/csv'].post.requestBody.content['multipart/form-data']).toBeDefined();
  });
});
