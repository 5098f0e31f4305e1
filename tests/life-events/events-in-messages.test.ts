import { describe, expect, it } from 'vitest';
import { getLifeEventReading } from '../../worker/domain/life-events/message-reading-settings';
import { readMessagesForEvents } from '../../worker/domain/life-events/read-messages';
import { recordInteractions } from '../../worker/domain/timeline/record-interactions';
import { requestsTo, steer, uniqueKey } from '../ai/fakes-control';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { eventually } from '../support/eventually';
import { recordingQueue } from '../support/recording-queue';
import { userDeps } from '../support/stores';
import { receivedWhere, register } from '../webhooks/support';

// Kith reads new messages in the background for life events (ADR 043): the model proposes an
// event only with a sentence of the message as its quote, and its cost stays bounded (only new
// messages, per contact, never a private contact's, a daily cap, a switch).

const proposals = async (me: Session) => (await json(await as(me, '/api/v1/life-events/proposals'))).data as any[];
const reading = async (me: Session) => (await json(await as(me, '/api/v1/settings/life-events'))).data;
const setReading = (me: Session, on: boolean) => as(me, '/api/v1/settings/life-events', { method: 'PATCH', json: { read_messages: on } });

async function message(me: Session, contactId: string, text: string, direction: 'in' | 'out' = 'in') {
  const res = await as(me, `/api/v1/contacts/${contactId}/interactions`, {
    method: 'POST',
    json: { kind: 'message', direction, notes: text },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data.interaction;
}

/** Waits until the model was asked about a message holding `token`. */
const modelAsked = (token: string) =>
  eventually(
    () => requestsTo('openai', token),
    (r) => r.length > 0,
    `the model reads "${token}"`,
  );

const proposalsOf = (me: Session, contactId: string, count: number) =>
  eventually(
    async () => (await proposals(me)).filter((p) => p.contact_id === contactId),
    (list) => list.length >= count,
    `${count} proposal(s) for ${contactId}`,
  );

describe('life events found in messages', () => {
  it('a sentence stating a new job becomes a proposal quoting it, linked to the message, and a life_event.found webhook', async () => {
    const me = await signUp();
    const hook = uniqueKey('found');
    await register(me, hook, ['life_event.found']);
    const ada = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace' });
    const sent = await message(me, ada.id, 'Big news! I just started a new job at Initech as Head of Sales. Lunch next week?');

    const [found] = await proposalsOf(me, ada.id, 1);
    expect(found).toMatchObject({
      contact_name: 'Ada Lovelace',
      kind: 'new_job',
      summary: 'New job at Initech as Head of Sales',
      status: 'proposed',
      source: 'message',
      evidence: {
        text: 'I just started a new job at Initech as Head of Sales.',
        link: { type: 'message', id: sent.id, href: `/contacts/${ada.id}#interaction-${sent.id}` },
      },
    });
    const [delivery] = await receivedWhere(hook, (b) => b.type === 'life_event.found', 'the life_event.found delivery');
    expect(JSON.parse(delivery!.body).data.life_event).toMatchObject({
      id: found.id,
      contact_name: 'Ada Lovelace',
      summary: found.summary,
    });
    expect((await reading(me)).model_calls_today).toBeGreaterThanOrEqual(1);
  });

  it('a message that states no event proposes nothing, and a quote that is not in the message is refused', async () => {
    const me = await signUp();
    const bo = await createContact(me, { first_name: 'Bo' });
    const plain = uniqueKey('plain');
    await message(me, bo.id, `Thanks for lunch (${plain}), see you soon.`);
    await modelAsked(plain);

    // The model claims an event with a sentence the message does not hold.
    const invented = uniqueKey('invented');
    await steer('openai', {
      when: invented,
      json: {
        events: [
          { message: 'm1', kind: 'new_job', summary: 'New job at Hooli as CEO', happened_on: null, quote: 'I joined Hooli as CEO.' },
        ],
      },
    });
    await message(me, bo.id, `Lunch was great (${invented}). Hooli is hiring, I hear.`);
    await modelAsked(invented);
    // A later message with a real event is read after both: by then they were read and dropped.
    await message(me, bo.id, 'We moved to Lisbon!');
    const list = await proposalsOf(me, bo.id, 1);
    expect(list.map((p) => p.summary)).toEqual(['Moved to Lisbon']);
  });

  it("never sends a private contact's messages to the model", async () => {
    const me = await signUp();
    const secret = await createContact(me, { first_name: 'Cy', tags: ['private'] });
    const open = await createContact(me, { first_name: 'Di' });
    const token = uniqueKey('private');
    await message(me, secret.id, `I got married (${token}).`);
    await message(me, open.id, 'I got engaged!');
    await proposalsOf(me, open.id, 1);
    expect(await requestsTo('openai', token)).toEqual([]);
    expect((await proposals(me)).filter((p) => p.contact_id === secret.id)).toEqual([]);
  });

  it('switched off, it reads nothing, and switched on again it reads only what arrives from then on', async () => {
    const me = await signUp();
    expect(await reading(me)).toMatchObject({ read_messages: true, off_reason: null, daily_model_calls: 50 });
    expect((await setReading(me, false)).status).toBe(200);
    expect(await reading(me)).toMatchObject({ read_messages: false });
    const eve = await createContact(me, { first_name: 'Eve' });
    const token = uniqueKey('off');
    await message(me, eve.id, `We moved to Oslo (${token}).`);
    expect((await setReading(me, true)).status).toBe(200);
    await message(me, eve.id, 'I got married last Saturday.');
    const list = await proposalsOf(me, eve.id, 1);
    expect(list.map((p) => p.summary)).toEqual(['Got married']);
    expect(await requestsTo('openai', token)).toEqual([]);

    const bad = await setReading(me, 'yes' as never);
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.code).toBe('invalid_request');
  });

  it('is off by default where no model is configured', async () => {
    const me = await signUp();
    const deps = await userDeps(me.user.id);
    const noModel = { ...deps, settings: { ...deps.settings, LLM_API_KEY: undefined }, env: { ...deps.env, AI: undefined } };
    expect(await getLifeEventReading(noModel)).toMatchObject({ read_messages: false, off_reason: expect.stringContaining('AI help') });
  });

  it('stops at the daily cap of model calls: one call per contact, the rest passed over', async () => {
    const me = await signUp();
    const { queue, sent } = recordingQueue();
    const base = await userDeps(me.user.id);
    // The queue only records, so nothing reads these messages but the pass below, with a cap of 2.
    const deps = { ...base, jobs: queue as never, settings: { ...base.settings, LIFE_EVENTS_DAILY_MODEL_CALLS: 2 } };
    const people = [];
    for (const name of ['Fay', 'Gus', 'Hal']) people.push(await createContact(me, { first_name: name }));
    const token = uniqueKey('cap');
    await recordInteractions(
      deps,
      me.user.id,
      people.flatMap((p, i) => [
        { contact_id: p.id, kind: 'message', direction: 'in' as const, body: `I got married (${token}-${i}).`, occurred_at: new Date() },
        { contact_id: p.id, kind: 'message', direction: 'in' as const, body: `We moved to Rome (${token}-${i}).`, occurred_at: new Date() },
      ]),
    );
    expect(sent).toContainEqual({ type: 'find_life_events', user_id: me.user.id });

    const first = await readMessagesForEvents(deps);
    expect(first).toMatchObject({ looked_at: 6, model_calls: 2, proposed: 4, over_cap: 2 });
    expect((await requestsTo('openai', token)).length).toBe(2);
    expect(await readMessagesForEvents(deps)).toMatchObject({ looked_at: 0, model_calls: 0 });
    // Two contacts' messages were read (a married and a move each); the third's were not sent.
    const names = (await proposals(me)).map((p) => p.contact_name);
    expect(names).toHaveLength(4);
    expect(new Set(names).size).toBe(2);
    expect((await reading(me)).model_calls_today).toBe(2);
  });
});
