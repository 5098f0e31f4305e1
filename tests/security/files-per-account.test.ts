import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { getSettings } from '../../worker/env';
import { ADA, CHARLES, monicaAccount } from '../imports/monica-fixtures';
import { as, createContact, json, ORIGIN, signUp, type Session } from '../support/client';
import { waitForImport } from '../support/imports';
import { userD1 } from '../support/stores';

// ADR 079: an account keeps at most FILES_PER_ACCOUNT files of FILES_BYTES_PER_ACCOUNT bytes in
// all. Without a cap one account (sign-up is open) could fill the operator's R2 at 10 MB a request,
// 600 requests a minute. Here the caps are made small: 3 files, 2 000 bytes.
const bucket = () => (env as unknown as { FILES: R2Bucket }).FILES;
const pdf = (size: number) => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  return bytes;
};

async function upload(me: Session, contactId: string, name: string, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.set('file', new File([bytes], name, { type: 'application/pdf' }));
  const request = new Request(`${ORIGIN}/api/v1/contacts/${contactId}/files`, {
    method: 'POST',
    headers: { cookie: me.cookie, origin: ORIGIN },
    body: form,
  });
  const ctx = createExecutionContext();
  // A fresh env object: settings are read once per env.
  const bindings = { ...(env as unknown as Env), FILES_PER_ACCOUNT: '3', FILES_BYTES_PER_ACCOUNT: '2000' };
  const res = await worker.fetch(request as Parameters<typeof worker.fetch>[0], bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const stored = async (me: Session) => (await bucket().list({ prefix: `contact-files/${me.user.id}/` })).objects.length;

describe("an account's files", () => {
  it('stop at the bytes and the count an account may keep, across its contacts, and make room again when one goes', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana' });
    const bo = await createContact(me, { first_name: 'Bo' });
    expect((await upload(me, ana.id, 'lease.pdf', pdf(1500))).status).toBe(201);

    const tooMuch = await upload(me, bo.id, 'scan.pdf', pdf(600));
    expect(tooMuch.status).toBe(409);
    expect((await json(tooMuch)).error).toMatchObject({ code: 'conflict', message: expect.stringContaining('2 KB') });
    expect(await stored(me)).toBe(1);

    expect((await upload(me, bo.id, 'scan.pdf', pdf(400))).status).toBe(201);
    const third = await upload(me, bo.id, 'note.pdf', pdf(20));
    expect(third.status).toBe(201);
    const fourth = await upload(me, ana.id, 'tiny.pdf', pdf(20));
    expect(fourth.status).toBe(409);
    expect((await json(fourth)).error.message).toContain('3 files');
    expect(await stored(me)).toBe(3);

    // Another account is not this one's count.
    const other = await signUp();
    expect((await upload(other, (await createContact(other, { first_name: 'Cy' })).id, 'cy.pdf', pdf(1500))).status).toBe(201);

    const note = (await json(third)).data;
    expect((await as(me, note.url, { method: 'DELETE' })).status).toBe(204);
    expect((await upload(me, ana.id, 'tiny.pdf', pdf(20))).status).toBe(201);
  });

  it('stop a Monica import at the caps too: a hostile instance cannot serve files without end', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana' });
    const kept = await upload(me, ana.id, 'lease.pdf', pdf(100));
    expect(kept.status).toBe(201);
    // Standing in for an account that keeps nearly all it may (the suite's caps are the defaults):
    // its one file is made to weigh all but 10 bytes of them.
    const cap = getSettings(env as unknown as Env).FILES_BYTES_PER_ACCOUNT;
    await (
      await userD1(me)
    )
      .prepare('UPDATE contact_files SET byte_size = ? WHERE user_id = ?')
      .bind(cap - 10, me.user.id)
      .run();

    const fake = inject('fakeProvidersUrl');
    const key = `q${crypto.randomUUID().slice(0, 8)}`;
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const lists = {
      ...monicaAccount(key),
      photos: [
        {
          id: 71,
          object: 'photo',
          original_filename: 'ada.png',
          filesize: 70,
          mime_type: 'image/png',
          dataUrl: `data:image/png;base64,${png}`,
          contact: ADA,
        },
      ],
      documents: [
        {
          id: 81,
          object: 'document',
          original_filename: 'notes.pdf',
          filesize: 40,
          mime_type: 'application/pdf',
          link: `${fake}/monica/${key}/store/n.pdf`,
          contact: CHARLES,
        },
      ],
    };
    const files = { 'n.pdf': { type: 'application/pdf', base64: btoa('%PDF-1.4\n% notes on the engine\n%%EOF\n') } };
    await fetch(`${fake}/monica/__seed`, { method: 'POST', body: JSON.stringify({ key, token: 'monica-token', lists, files }) });
    const started = await as(me, '/api/v1/imports/monica', {
      method: 'POST',
      json: { url: `${fake}/monica/${key}`, token: 'monica-token' },
    });
    expect(started.status).toBe(202);
    const done = await waitForImport(me, (await json(started)).data.import_id, 60_000);
    expect(done.status).toBe('done');
    const report = Object.fromEntries((done.report as { kind: string; count: number }[]).map((l) => [l.kind, l.count]));
    expect(report.files_refused).toBe(2);
    expect(report.photos ?? 0).toBe(0);
    expect(report.documents ?? 0).toBe(0);
    expect(await stored(me)).toBe(1);
  });
});
