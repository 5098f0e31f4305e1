import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp } from '../support/client';
import { importCsv, waitForImport } from '../support/imports';
import { monicaAccount } from '../imports/monica-fixtures';
import { fakeBase, hookKey, received, receivedWhere, register } from './support';

// An import brings history: it says import.finished once with its counts, not interaction.logged
// per imported entry (ADR 077): a Monica account of 100 000 activities would otherwise make
// 100 000 deliveries. A note the user logs is still one interaction.logged.

describe('webhooks during an import', () => {
  it('an import of notes, activities, calls and last-contact dates sends import.finished once and no interaction.logged', async () => {
    const me = await signUp();
    const key = hookKey('imports');
    await register(me, key, ['interaction.logged', 'import.finished']);

    const monicaKey = `w${crypto.randomUUID().slice(0, 8)}`;
    await fetch(`${fakeBase()}/monica/__seed`, {
      method: 'POST',
      body: JSON.stringify({ key: monicaKey, token: 'monica-token', lists: monicaAccount(monicaKey) }),
    });
    const started = await as(me, '/api/v1/imports/monica', {
      method: 'POST',
      json: { url: `${fakeBase()}/monica/${monicaKey}`, token: 'monica-token' },
    });
    expect(started.status).toBe(202);
    const monica = await waitForImport(me, (await json(started)).data.import_id, 60_000);
    expect(monica.status).toBe('done');
    const csv = await importCsv(me, 'First name,Last name,Last contacted\nGrace,Hopper,2024-03-01\nAlan,Turing,2024-02-11\n');
    expect(csv.status).toBe('done');

    const timeline = async (name: string) => {
      const contact = (await json(await as(me, `/api/v1/contacts?q=${name}`))).data[0];
      return (await json(await as(me, `/api/v1/contacts/${contact.id}/timeline`))).data as unknown[];
    };
    expect((await timeline('Ada')).length).toBeGreaterThan(1);
    expect((await timeline('Grace')).length).toBeGreaterThan(0);

    // What the user logs still goes out, after both imports' events were queued.
    const ada = await createContact(me, { first_name: 'Logged', last_name: 'ByHand' });
    expect((await as(me, `/api/v1/contacts/${ada.id}/notes`, { method: 'POST', json: { body: 'Coffee' } })).status).toBe(201);
    await receivedWhere(key, (b) => b.type === 'interaction.logged' && b.data.interaction.contact_id === ada.id, 'the note');
    await receivedWhere(key, (b) => b.type === 'import.finished', 'both imports', 2);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const bodies = (await received(key)).map((r) => JSON.parse(r.body));
    expect(bodies.filter((b) => b.type === 'interaction.logged').map((b) => b.data.interaction.contact_id)).toEqual([ada.id]);
    expect(
      bodies
        .filter((b) => b.type === 'import.finished')
        .map((b) => b.data.import.id)
        .sort(),
    ).toEqual([monica.id, csv.id].sort());
  });
});
