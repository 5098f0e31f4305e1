import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { JobMessage } from '../../worker/jobs/messages';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { interactionRow } from '../support/contact-fixtures';
import { eventually } from '../support/eventually';
import { allContacts, importCsv } from '../support/imports';
import { userD1 } from '../support/stores';

const jobs = (env as unknown as { JOBS: Queue<JobMessage> }).JOBS;
const contact = async (me: Session, id: string) => as(me, `/api/v1/contacts/${id}`);
const scoreOf = async (me: Session, id: string) => (await json(await contact(me, id))).data.relationship_score as number;

/** Messages a sync stored before this import, on a contact whose score was never computed. */
async function historyWithoutScore(me: Session, contactId: string) {
  const d1 = await userD1(me);
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  await d1.batch([1, 3, 8].map((n) => interactionRow(d1, me.user.id, contactId, { kind: 'meeting', occurredAt: day(n) })));
}

describe('contacts that arrive are handed to one contacts_arrived job', () => {
  it("a CSV import's contacts are merged with the contact that shares their phone, and rescored, after the job runs", async () => {
    const me = await signUp();
    const byEmail = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace', emails: ['ada@arrive.test'] });
    const byPhone = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace', phones: ['+44 20 7946 0101'] });
    await historyWithoutScore(me, byEmail.id);
    expect(await scoreOf(me, byEmail.id)).toBe(0);

    const result = await importCsv(me, 'Name,Email,Phone,Title\nAda Lovelace,ada@arrive.test,+44 20 7946 0101,Analyst\n');
    expect(result).toMatchObject({ status: 'done', updated: 1 });

    // The older contact survives with both; the import's contact is scored from its history.
    await eventually(
      () => contact(me, byPhone.id).then((r) => r.status),
      (status) => status === 404,
      'the same-phone contact merged away',
    );
    const contacts = await allContacts(me);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ id: byEmail.id, title: 'Analyst', phones: ['+44 20 7946 0101'] });
    expect(contacts[0].relationship_score).toBeGreaterThan(0);
  });

  it('a vCard import is rescored the same way', async () => {
    const me = await signUp();
    const grace = await createContact(me, { first_name: 'Grace', last_name: 'Hopper', emails: ['grace@arrive.test'] });
    await historyWithoutScore(me, grace.id);
    const vcard =
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Grace Hopper\r\nN:Hopper;Grace;;;\r\nEMAIL:grace@arrive.test\r\nTITLE:Rear Admiral\r\nEND:VCARD\r\n';
    const form = new FormData();
    form.set('file', new File([vcard], 'grace.vcf', { type: 'text/vcard' }));
    const started = await as(me, '/api/v1/imports/vcard', { method: 'POST', body: form });
    expect(started.status).toBe(202);
    await eventually(
      () => scoreOf(me, grace.id),
      (score) => score > 0,
      "Grace's score computed after the import",
    );
    expect((await json(await contact(me, grace.id))).data.title).toBe('Rear Admiral');
  });

  it('the job merges and rescores the contacts a message names, and a repeated message changes nothing more', async () => {
    const me = await signUp();
    const older = await createContact(me, { first_name: 'Alan', last_name: 'Turing', phones: ['+44 20 7946 0202'] });
    const newer = await createContact(me, { first_name: 'Alan', last_name: 'Turing', phones: ['442079460202'] });
    await historyWithoutScore(me, newer.id);
    const message: JobMessage = { type: 'contacts_arrived', user_id: me.user.id, contact_ids: [newer.id] };
    await jobs.send(message);
    await eventually(
      () => contact(me, newer.id).then((r) => r.status),
      (s) => s === 404,
      'the newer Alan merged into the older',
    );
    await eventually(
      () => scoreOf(me, older.id),
      (score) => score > 0,
      'the survivor scored with the history it gained',
    );
    await jobs.send(message);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await allContacts(me)).map((c) => c.id)).toEqual([older.id]);
  });
});
