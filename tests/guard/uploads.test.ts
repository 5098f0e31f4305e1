import { describe, expect, it } from 'vitest';
import { as, json, signUp, type Session } from '../support/client';
import { allContacts, upload } from '../support/imports';

const PATHS = ['/api/v1/imports/csv/preview', '/api/v1/imports/csv', '/api/v1/imports/linkedin'];

/** Uploads to every import endpoint; each must refuse with `status` and a message matching `message`, quickly. */
async function expectRefused(me: Session, send: (path: string) => Promise<Response>, status: number, message: RegExp) {
  for (const path of PATHS) {
    const started = Date.now();
    const res = await send(path);
    const body = await json(res);
    expect(res.status, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(status);
    expect(body.error.message, path).toMatch(message);
    expect(Date.now() - started, `${path} took too long`).toBeLessThan(10_000);
  }
  expect(await allContacts(me)).toEqual([]);
}

async function gzip(chunk: Uint8Array<ArrayBuffer>, times: number): Promise<Uint8Array> {
  const stream = new ReadableStream<BufferSource>({
    pull(controller) {
      if (times-- > 0) controller.enqueue(chunk);
      else controller.close();
    },
  }).pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('hostile uploads', () => {
  it('refuses a file with 1 000 000 columns (in the header or in a row) with a clear 400, fast', async () => {
    const me = await signUp();
    await expectRefused(me, (path) => upload(me, path, `${'c,'.repeat(1_000_000)}c\nx\n`), 400, /columns/);
    await expectRefused(me, (path) => upload(me, path, `Name,Email\nAda,${','.repeat(1_000_000)}\n`), 400, /columns/);
  });

  it('still takes a note full of commas inside quotes', async () => {
    const me = await signUp();
    const res = await upload(me, '/api/v1/imports/csv/preview', `Name,Notes\nAda,"${'a, '.repeat(5_000)}"\n`);
    expect(res.status).toBe(200);
    expect((await json(res)).data.headers).toEqual(['Name', 'Notes']);
  });

  it('refuses a zip bomb named .csv, a gzip bomb named .csv, and an image, as not CSV text', async () => {
    const me = await signUp();
    // A zip archive (the local-file header) whatever its name says.
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, ...new Uint8Array(2_000)]);
    await expectRefused(me, (path) => upload(me, path, zip), 415, /Excel|CSV/);
    // 64 MB of CSV compressed to a few dozen KB: refused as bytes, never inflated.
    const bomb = await gzip(new TextEncoder().encode('Name,Email\n'.repeat(100_000)), 60);
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    await expectRefused(me, (path) => upload(me, path, bomb, {}, 'contacts.csv'), 415, /UTF-8|CSV/);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    await expectRefused(me, (path) => upload(me, path, png, {}, 'photo.csv'), 415, /binary|UTF-8/);
  });

  it('does not inflate a request body sent with Content-Encoding: gzip', async () => {
    const me = await signUp();
    const bomb = await gzip(new TextEncoder().encode('a'.repeat(1024 * 1024)), 64);
    const res = await as(me, '/api/v1/imports/csv/preview', {
      method: 'POST',
      body: bomb as BodyInit,
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-encoding': 'gzip' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  // A file whose accents are not UTF-8 is read as Windows-1252, Mac Roman or Windows-1251 (ADR 065);
  // one whose accents mostly are is UTF-8, and reading it as anything else would garble them all.
  it('refuses broken UTF-8 in the middle of a file and says how to fix it', async () => {
    const me = await signUp();
    const text = new TextEncoder().encode(`Name\nZoë Ødegaard\nJosé Müller\nAna Núñez\n${'Ada\n'.repeat(1_000)}`);
    const bytes = new Uint8Array([...text, 0xc3, 0x28, 0x0a, 0xed, 0xa0, 0x80, 0x0a]);
    await expectRefused(me, (path) => upload(me, path, bytes), 415, /UTF-8/);
  });

  it('refuses an oversized upload sent without Content-Length (streamed) with 413', async () => {
    const me = await signUp();
    const boundary = 'kithboundary';
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\nName\n`,
    );
    const row = new TextEncoder().encode(`${'Someone Somebody,'.repeat(60)}\n`.repeat(1_000));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent > 30 * 1024 * 1024) return controller.close();
        controller.enqueue(row);
        sent += row.byteLength;
      },
    });
    const res = await as(me, '/api/v1/imports/csv/preview', {
      method: 'POST',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await json(res)).error.code).toBe('payload_too_large');
  });
});
