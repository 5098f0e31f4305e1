import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { claimQueued, reportOutcome } from '../../extension/src/outbox-client';
import { sendConversations } from '../../extension/src/send-batch';
import { as, createContact, json, ORIGIN, signUp, type Session } from '../support/client';

// The extension's own client (extension/src/outbox-client.ts) against the real Worker.
const viaWorker = ((url: string, init?: RequestInit) => SELF.fetch(url, init)) as typeof fetch;

const extensionToken = async (me: Session): Promise<string> =>
  (await json(await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'extension' } }))).data.token;

describe("the browser extension's outbox client", () => {
  it('claims what the composer queued and reports it sent, as the extension does', async () => {
    const me = await signUp();
    const token = await extensionToken(me);
    const kim = await createContact(me, { first_name: 'Kim', linkedin_url: 'https://www.linkedin.com/in/kim' });
    await as(me, `/api/v1/contacts/${kim.id}/messages`, { method: 'POST', json: { channel: 'linkedin', body: 'Hi Kim' } });
    const settings = { kithUrl: `${ORIGIN}/`, token };
    const queued = await claimQueued(settings, viaWorker);
    expect(queued).toEqual([expect.objectContaining({ linkedin_url: 'https://www.linkedin.com/in/kim', body: 'Hi Kim' })]);
    expect(await reportOutcome(settings, queued[0]!.id, { status: 'sent' }, viaWorker)).toMatchObject({ status: 'sent' });
    await expect(claimQueued({ ...settings, token: 'kith_wrong0000000000000000' }, viaWorker)).rejects.toThrow();
  });

  it('sends the conversations it read, and says why Kith refused a wrong token', async () => {
    const me = await signUp();
    const settings = { kithUrl: ORIGIN, token: await extensionToken(me) };
    const conversation = (id: string, name: string) => ({
      id,
      participant: { name, profile_url: `https://www.linkedin.com/in/${id}`, headline: null, avatar_url: null },
      messages: [{ id: `${id}-1`, direction: 'in' as const, sent_at: '2026-11-20T10:00:00.000Z', body: `Hello from ${name}` }],
    });
    expect(
      await sendConversations(settings, [conversation('ext-ada', 'Ada Byron'), conversation('ext-kim', 'Kim Lee')], viaWorker),
    ).toEqual({ logged: 2 });
    const contacts = (await json(await as(me, '/api/v1/contacts?q=Byron'))).data;
    expect(contacts).toEqual([expect.objectContaining({ first_name: 'Ada', linkedin_url: 'https://www.linkedin.com/in/ext-ada' })]);
    await expect(
      sendConversations({ ...settings, token: 'kith_wrong0000000000000000' }, [conversation('ext-x', 'X')], viaWorker),
    ).rejects.toThrow('The access token is invalid or revoked');
  });
});
