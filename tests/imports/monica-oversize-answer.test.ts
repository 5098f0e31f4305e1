import { describe, expect, inject, it } from 'vitest';
import { as, json, signUp } from '../support/client';
import { allContacts, waitForImport } from '../support/imports';
import { userD1 } from '../support/stores';
import { monicaAccount } from './monica-fixtures';

// The Monica address is the user's, so the instance may be hostile: an answer without end must
// not take the Worker's memory. Past 32 MB the page is not read on, and the import stops with
// the reason in its report, as a token Monica refuses stops it.

const fake = () => inject('fakeProvidersUrl');

describe('a Monica instance whose answer is too large', () => {
  it('ends the import with a clear message; what came in before stays and the token is forgotten', async () => {
    const me = await signUp();
    const key = `m${crypto.randomUUID().slice(0, 8)}`;
    const faults = [{ list: 'notes', status: 200, times: 1000, pad: 40 * 1024 * 1024 }];
    await fetch(`${fake()}/monica/__seed`, {
      method: 'POST',
      body: JSON.stringify({ key, token: 't', lists: monicaAccount(key), faults }),
    });
    const res = await as(me, '/api/v1/imports/monica', { method: 'POST', json: { url: `${fake()}/monica/${key}`, token: 't' } });
    expect(res.status).toBe(202);
    const done = await waitForImport(me, (await json(res)).data.import_id, 45_000);

    expect(done.status).toBe('failed');
    expect(done.errors.at(-1).message).toBe(
      "Monica's answer could not be read: page 1 of /notes is larger than 32 MB, more than an import reads at once.",
    );
    expect(await allContacts(me)).toHaveLength(3);
    const row = await (await userD1(me)).prepare('SELECT mapping FROM imports WHERE id = ?1').bind(done.id).first<{ mapping: string }>();
    expect(JSON.parse(row!.mapping)).not.toHaveProperty('token');
  }, 60_000);
});
