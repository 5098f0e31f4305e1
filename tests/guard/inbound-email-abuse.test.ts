import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { as, call, createContact, json, signUp } from '../support/client';

const SECRET = 'test-inbound-secret';

const post = (raw: BodyInit, to?: string, secret: string | null = SECRET) =>
  call(`/api/v1/inbound/email${to ? `?to=${encodeURIComponent(to)}` : ''}`, {
    method: 'POST',
    body: raw,
    headers: { 'content-type': 'message/rfc822', ...(secret === null ? {} : { 'x-kith-inbound-secret': secret }) },
  });

/** Email Routing's message, as the Worker's email() handler receives it. */
async function deliver(raw: Uint8Array<ArrayBuffer> | string, to: string): Promise<{ rejected: string[]; error?: unknown }> {
  const bytes = typeof raw === 'string' ? new TextEncoder().encode(raw) : raw;
  const rejected: string[] = [];
  const message = {
    from: 'someone@example.com',
    to,
    headers: new Headers(),
    rawSize: bytes.byteLength,
    raw: new ReadableStream({ start: (c) => (c.enqueue(bytes), c.close()) }),
    setReject: (reason: string) => void rejected.push(reason),
  } as unknown as ForwardableEmailMessage;
  try {
    await worker.email!(message, env as unknown as Env);
    return { rejected };
  } catch (error) {
    return { rejected, error };
  }
}

const headers = (to: string, extra = '') =>
  `From: Someone <someone@example.com>\r\nTo: ${to}\r\nSubject: Hello\r\nMessage-ID: <${Math.random()}@x>\r\nMIME-Version: 1.0\r\n${extra}`;

const MALFORMED = (to: string): [string, string][] => [
  ['random bytes', String.fromCharCode(...Array.from({ length: 4_000 }, (_, i) => (i * 7919) % 256))],
  ['headers only, no blank line', headers(to)],
  [
    'unterminated multipart',
    `${headers(to, 'Content-Type: multipart/mixed; boundary="b"\r\n')}\r\n--b\r\nContent-Type: text/plain\r\n\r\nhi`,
  ],
  ['multipart without a boundary', `${headers(to, 'Content-Type: multipart/mixed\r\n')}\r\n--\r\nhi\r\n`],
  [
    'multiparts nested 2 000 deep',
    `${headers(to, 'Content-Type: multipart/mixed; boundary="b0"\r\n')}\r\n${Array.from({ length: 2_000 }, (_, i) => `--b${i}\r\nContent-Type: multipart/mixed; boundary="b${i + 1}"\r\n\r\n`).join('')}--b2000\r\nContent-Type: text/plain\r\n\r\ndeep\r\n`,
  ],
  ['a 1 MB header line', `${headers(to, `X-Long: ${'a'.repeat(1024 * 1024)}\r\n`)}\r\nbody`],
  [
    'broken base64 and an unknown charset',
    `${headers(to, 'Content-Type: text/plain; charset=x-klingon\r\nContent-Transfer-Encoding: base64\r\n')}\r\n!!!not base64@@@\r\n`,
  ],
  ['NUL bytes and broken UTF-8', `${headers(to)}Content-Type: text/plain; charset=utf-8\r\n\r\nnul\u0000here \u00c3\u0028`],
  ['an encoded-word subject that never ends', `From: a@b\r\nTo: ${to}\r\nSubject: =?utf-8?B?${'QUFB'.repeat(10_000)}\r\n\r\nx`],
];

function withAttachment(to: string, megabytes: number): string {
  const line = `${'QUFB'.repeat(19)}\r\n`; // 76 base64 characters per line
  const attachment = line.repeat(Math.ceil((megabytes * 1024 * 1024) / line.length));
  return `${headers(to, 'Content-Type: multipart/mixed; boundary="att"\r\n')}\r\n--att\r\nContent-Type: text/plain\r\n\r\nSee attached\r\n--att\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="big.bin"\r\nContent-Transfer-Encoding: base64\r\n\r\n${attachment}--att--\r\n`;
}

describe('inbound email: malformed MIME, huge attachments, forged tokens and secrets', () => {
  it('answers malformed MIME at POST /inbound/email with a 2xx or 4xx envelope, never a 5xx', async () => {
    const me = await signUp();
    const contact = await createContact(me, { first_name: 'Mime' });
    for (const to of [contact.bcc_address, 'log+unknown@in.kith.test']) {
      for (const [label, raw] of MALFORMED(to)) {
        const res = await post(raw, to);
        const body = await res.text();
        expect(res.status, `${label} → ${body.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expect(JSON.parse(body).error.code, label).toEqual(expect.any(String));
      }
    }
    // Whatever was logged is readable on the timeline (no row that breaks the page).
    expect((await as(me, `/api/v1/contacts/${contact.id}/timeline?limit=200`)).status).toBe(200);
  });

  it('lets the email() handler reject or log malformed MIME without throwing', async () => {
    const me = await signUp();
    const contact = await createContact(me, { first_name: 'Routed' });
    for (const [label, raw] of MALFORMED(contact.bcc_address)) {
      const outcome = await deliver(raw, contact.bcc_address);
      expect(outcome.error, `${label}: ${String(outcome.error)}`).toBeUndefined();
    }
    const unknown = await deliver(MALFORMED('log+nobody@in.kith.test')[2]![1], 'log+nobody@in.kith.test');
    expect(unknown).toEqual({ rejected: ['Unknown Kith logging address'] });
  });

  it('logs a message with a 20 MB attachment as text only, and refuses more than 25 MB with 413', async () => {
    const me = await signUp();
    const contact = await createContact(me, { first_name: 'Attach' });
    const started = Date.now();
    const res = await post(withAttachment(contact.bcc_address, 20), contact.bcc_address);
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(15_000);
    const [logged] = (await json(await as(me, `/api/v1/contacts/${contact.id}/timeline`))).data;
    expect(logged.body).toBe('See attached');
    const tooBig = await post(withAttachment(contact.bcc_address, 26), contact.bcc_address);
    expect(tooBig.status).toBe(413);
    expect((await json(tooBig)).error.code).toBe('payload_too_large');
    const routed = await deliver(withAttachment(contact.bcc_address, 20), contact.bcc_address);
    expect(routed.error).toBeUndefined();
  });

  it('logs nothing for forged logging addresses, and refuses forged secrets with 401', async () => {
    const me = await signUp();
    const contact = await createContact(me, { first_name: 'Forged' });
    const token = contact.bcc_address.match(/^log\+([^@]+)@/)[1] as string;
    const forged = [
      `log+${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}@in.kith.test`,
      `log+${token}@evil.example`,
      `log+${token}x@in.kith.test`,
      `log+${token.slice(0, 4)}@in.kith.test`,
      `log+'%20OR%201=1@in.kith.test`,
      `log+${token}@in.kith.test.evil.example`,
    ];
    for (const to of forged) {
      const raw = headers(to) + '\r\nforged';
      expect((await post(raw, to)).status, to).toBe(404);
      expect((await post(raw)).status, `${to} in To only`).toBe(404);
      expect((await deliver(raw, to)).rejected, to).toEqual(['Unknown Kith logging address']);
    }
    for (const secret of [null, '', 'TEST-INBOUND-SECRET', `x${SECRET}`, SECRET.slice(0, -1), `${SECRET}x`, SECRET.padEnd(10_000, 'x')]) {
      const res = await post(`${headers(contact.bcc_address)}\r\nforged`, contact.bcc_address, secret);
      expect(res.status, `secret ${JSON.stringify(secret?.slice(0, 30))}`).toBe(401);
      expect((await json(res)).error.code).toBe('unauthenticated');
    }
    expect((await json(await as(me, `/api/v1/contacts/${contact.id}/timeline`))).data).toEqual([]);
  });
});
