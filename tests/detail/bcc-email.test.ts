import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { as, call, createContact, json, signUp } from '../support/client';

function mime(opts: { from: string; to: string; cc?: string; subject: string; messageId?: string; date?: string; text: string }): string {
  return [
    `From: ${opts.from}`,
    `To: ${opts.to}`,
    ...(opts.cc ? [`Cc: ${opts.cc}`] : []),
    `Subject: ${opts.subject}`,
    ...(opts.messageId ? [`Message-ID: <${opts.messageId}>`] : []),
    `Date: ${opts.date ?? 'Mon, 02 Mar 2026 10:15:00 +0100'}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    opts.text,
    '--b1',
    'Content-Type: text/html; charset=utf-8',
    '',
    `<p>${opts.text}</p>`,
    '--b1--',
    '',
  ].join('\r\n');
}

/** A ForwardableEmailMessage as Email Routing hands it to the Worker's email() handler. */
function emailMessage(raw: string, envelope: { from: string; to: string }) {
  const bytes = new TextEncoder().encode(raw);
  const rejected: string[] = [];
  const message = {
    from: envelope.from,
    to: envelope.to,
    headers: new Headers(),
    raw: new ReadableStream({ start: (c) => (c.enqueue(bytes), c.close()) }),
    rawSize: bytes.byteLength,
    setReject: (reason: string) => void rejected.push(reason),
    forward: async () => ({ messageId: 'x' }),
    reply: async () => ({ messageId: 'x' }),
  };
  return { message: message as unknown as ForwardableEmailMessage, rejected };
}

const deliver = (raw: string, envelope: { from: string; to: string }) => {
  const { message, rejected } = emailMessage(raw, envelope);
  return worker.email(message, env as unknown as Env).then(() => rejected);
};

const timeline = async (session: any, id: string) => (await json(await as(session, `/api/v1/contacts/${id}/timeline`))).data;

describe('BCC email logging', () => {
  it('logs an email sent by the user to the contact named by the envelope recipient, once', async () => {
    const me = await signUp('Bea Sender');
    const contact = await createContact(me, { first_name: 'Carl', emails: ['carl@example.com'] });
    const raw = mime({
      from: `Bea <${me.user.email.toUpperCase()}>`,
      to: 'Carl <carl@example.com>',
      subject: 'Proposal',
      messageId: 'abc-1@mail.example',
      text: 'Here is the proposal we discussed.',
    });

    expect(await deliver(raw, { from: me.user.email, to: contact.bcc_address })).toEqual([]);
    expect(await deliver(raw, { from: me.user.email, to: contact.bcc_address })).toEqual([]);

    const items = await timeline(me, contact.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'email',
      channel: 'email',
      direction: 'out',
      subject: 'Proposal',
      body: 'Here is the proposal we discussed.',
      occurred_at: '2026-03-02T09:15:00.000Z',
      source: 'bcc',
    });
    expect((await json(await as(me, `/api/v1/contacts/${contact.id}`))).data.last_interaction_at).toBe('2026-03-02T09:15:00.000Z');
  });

  it('logs a reply from the contact as inbound, finding the token in Cc when the envelope has none', async () => {
    const me = await signUp();
    const contact = await createContact(me, { first_name: 'Dora' });
    const raw = mime({
      from: 'Dora <dora@example.com>',
      to: me.user.email,
      cc: contact.bcc_address,
      subject: 'Re: Proposal',
      messageId: 'reply-1@x',
      text: 'Sounds good!',
    });
    expect(await deliver(raw, { from: 'dora@example.com', to: me.user.email })).toEqual([]);
    const items = await timeline(me, contact.id);
    expect(items).toMatchObject([{ kind: 'email', direction: 'in', subject: 'Re: Proposal', body: 'Sounds good!' }]);
  });

  it('rejects mail to an unknown logging address and logs nothing', async () => {
    const me = await signUp();
    const contact = await createContact(me, { first_name: 'Eve' });
    const raw = mime({ from: me.user.email, to: 'log+nosuchtoken@in.kith.test', subject: 'Hello', messageId: 'unknown-1@x', text: 'Hi' });
    const rejected = await deliver(raw, { from: me.user.email, to: 'log+nosuchtoken@in.kith.test' });
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatch(/Unknown/);
    expect(await timeline(me, contact.id)).toEqual([]);
    // The right token at another domain is not ours either.
    const wrongDomain = contact.bcc_address.replace('in.kith.test', 'elsewhere.test');
    expect(await deliver(raw, { from: me.user.email, to: wrongDomain })).toHaveLength(1);
  });

  it('accepts raw MIME at POST /api/v1/inbound/email with the shared secret only', async () => {
    const me = await signUp();
    const contact = await createContact(me, { first_name: 'Finn' });
    const raw = mime({
      from: 'finn@example.com',
      to: contact.bcc_address,
      subject: 'Forwarded',
      messageId: 'fwd-1@x',
      text: 'Via another provider',
    });
    const post = (secret?: string) =>
      call('/api/v1/inbound/email', {
        method: 'POST',
        body: raw,
        headers: { 'content-type': 'message/rfc822', ...(secret ? { 'x-kith-inbound-secret': secret } : {}) },
      });
    expect((await post()).status).toBe(401);
    expect((await post('wrong')).status).toBe(401);
    const ok = await post('test-inbound-secret');
    expect(ok.status).toBe(201);
    expect((await json(ok)).data).toEqual({ logged: 1, contact_ids: [contact.id] });
    expect((await json(await post('test-inbound-secret'))).data.logged).toBe(0);
    expect(await timeline(me, contact.id)).toMatchObject([{ subject: 'Forwarded', direction: 'in' }]);
    const unknown = await call('/api/v1/inbound/email', {
      method: 'POST',
      body: mime({ from: 'x@example.com', to: 'log+zzz@in.kith.test', subject: 'x', text: 'x' }),
      headers: { 'x-kith-inbound-secret': 'test-inbound-secret' },
    });
    expect(unknown.status).toBe(404);
  });
});
