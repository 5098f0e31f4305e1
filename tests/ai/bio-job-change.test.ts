import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { answer, read, wand } from './bio-wand';
import { steer, uniqueKey } from './fakes-control';

const events = async (me: Session, id: string) => (await json(await as(me, `/api/v1/contacts/${id}/events`))).data;

describe('the wand sees a job change in the bios', () => {
  it('proposes the other company and title over the card’s, and Apply records a new job quoting the bio line', async () => {
    const me = await signUp();
    // The fake model reads "<title> at <company>" from the bio (tests/fakes/openai.ts).
    const c = await createContact(me, {
      first_name: 'Anders',
      last_name: 'Berg',
      title: 'VP Sales',
      company: 'Acme',
      bios: { twitter: 'Head of BD at LoopFi. Ex-Acme, ex-Google.' },
    });

    const preview = (await json(await wand(me, c.id, { preview: true }))).data;
    expect(preview.changes).toEqual([
      { field: 'title', from: 'VP Sales', to: 'Head of BD' },
      { field: 'company', from: 'Acme', to: 'LoopFi' },
    ]);
    expect(preview.job_change).toEqual({ kind: 'new_job', summary: 'New job at LoopFi as Head of BD', evidence: 'Head of BD at LoopFi.' });
    expect(await read(me, c.id)).toMatchObject({ title: 'VP Sales', company: { name: 'Acme' } });
    expect(await events(me, c.id)).toEqual([]);

    const applied = (await json(await wand(me, c.id, { extraction: preview.extraction }))).data;
    expect(applied.fields_updated).toEqual(['title', 'company']);
    expect(applied.recorded_event).toMatchObject({ kind: 'new_job', summary: 'New job at LoopFi as Head of BD' });
    expect(await read(me, c.id)).toMatchObject({ title: 'Head of BD', company: { name: 'LoopFi' } });
    const [job, ...rest] = await events(me, c.id);
    expect(rest).toEqual([]);
    expect(job).toMatchObject({
      id: applied.recorded_event.id,
      kind: 'new_job',
      status: 'accepted',
      source: 'bio',
      source_label: 'A bio',
      evidence: { text: 'Head of BD at LoopFi.', field: 'job', old_value: 'VP Sales at Acme', new_value: 'Head of BD at LoopFi' },
    });

    // Once the card says what the bios say, there is nothing new, and no second event.
    const again = (await json(await wand(me, c.id, { preview: true }))).data;
    expect(again.changes).toEqual([]);
    expect(again.job_change).toBeNull();
    expect((await json(await wand(me, c.id, {}))).data.recorded_event).toBeUndefined();
    expect(await events(me, c.id)).toHaveLength(1);
  });

  it('records a new title at the same company as a promotion', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Pia', title: 'Engineer', company: 'Initech', bios: { linkedin: 'CTO at Initech' } });
    const applied = (await json(await wand(me, c.id, {}))).data;
    expect(applied.fields_updated).toEqual(['title']);
    expect(applied.recorded_event).toMatchObject({ kind: 'promotion', summary: 'Now CTO at Initech', evidence: 'CTO at Initech' });
  });

  it('changes nothing the bios do not say word for word: a company only the model names is not proposed', async () => {
    const me = await signUp();
    const token = uniqueKey('ungrounded');
    await steer('openai', { when: token, json: answer({ title: 'Head of BD', company: 'Globex' }) });
    const c = await createContact(me, {
      first_name: 'Ola',
      title: 'Head of BD',
      company: 'Acme',
      bios: { twitter: `Head of BD. ${token}` },
    });
    const preview = (await json(await wand(me, c.id, { preview: true }))).data;
    expect(preview.changes).toEqual([]);
    expect(preview.job_change).toBeNull();
    // Sent back anyway, Apply keeps the rule.
    const applied = (await json(await wand(me, c.id, { extraction: { company: 'Globex' } }))).data;
    expect(applied.fields_updated).toEqual([]);
    expect(await read(me, c.id)).toMatchObject({ company: { name: 'Acme' } });
    expect(await events(me, c.id)).toEqual([]);
  });
});
