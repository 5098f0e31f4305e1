import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { claimQueued, reportOutcome } from '../../extension/src/outbox-client';
import { as, createContact, json, ORIGIN, signUp } from '../support/client';

// The extension's own client (extension/src/outbox-client.ts) against the real Worker.
const viaWorker = ((url: string, init?: RequestInit) => SELF.fetch(url, init)) as typeof fetch;

describe("the browser extension's outbox client", () => {
  it('claims what the composer queued and reports it sent, as the extension does', async () => {
    const me = await signUp();
    const token = (await json(await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'extension' } }))).data.token;
    const kim = await createContact(me, { first_name: 'Kim', linkedin_url: 'https://www.linkedin.com/in/kim' });
    await as(me, `/api/v1/contacts/${kim.id}/messages`, { method: 'POST', json: { channel: 'linkedin', body: 'Hi Kim' } });
    const settings = { kithUrl: `${ORIGIN}/`, token };
    const queued = await claimQueued(settings, viaWorker);
    expect(queued).toEqual([expect.objectContaining({ linkedin_url: 'https://www.linkedin.com/in/kim', body: 'Hi Kim' })]);
    expect(await reportOutcome(settings, queued[0]!.id, { status: 'sent' }, viaWorker)).toMatchObject({ status: 'sent' });
    await expect(claimQueued({ ...settings, token: 'kith_wrong0000000000000000' }, viaWorker)).rejects.toThrow();
  });
});
