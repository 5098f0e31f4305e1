import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';

// A contact's accepted life events sit on its timeline among the interactions, on their day;
// proposals wait in the Life card and What's new, not on the timeline.

const log = async (me: Session, contactId: string, notes: string, occurred_at: string) => {
  const res = await as(me, `/api/v1/contacts/${contactId}/interactions`, {
    method: 'POST',
    json: { kind: 'message', direction: 'in', notes, occurred_at },
  });
  expect(res.status, await res.clone().text()).toBe(201);
};

const addEvent = async (me: Session, contactId: string, body: Record<string, unknown>) => {
  const res = await as(me, `/api/v1/contacts/${contactId}/events`, { method: 'POST', json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data;
};

/** The timeline list of the contact page as the server renders it. */
async function timelineHtml(me: Session, contactId: string): Promise<string> {
  const html = await (await as(me, `/contacts/${contactId}`)).text();
  const start = html.indexOf('aria-label="Interactions"');
  expect(start, 'the timeline list').toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</ol>', start));
}

describe('life events on the timeline', () => {
  it('places accepted events among the interactions by their day, the oldest after the oldest interaction', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada' });
    await log(me, ada.id, 'May news from Ada', '2024-05-01T10:00:00Z');
    await log(me, ada.id, 'January hello from Ada', '2024-01-10T10:00:00Z');
    await addEvent(me, ada.id, { kind: 'moved', summary: 'Moved to Lisbon', happened_on: '2024-03-15' });
    await addEvent(me, ada.id, { kind: 'graduated', summary: 'Graduated from Cambridge', happened_on: '2023' });

    const timeline = await timelineHtml(me, ada.id);
    const order = ['May news from Ada', 'Moved to Lisbon', 'January hello from Ada', 'Graduated from Cambridge'].map((text) =>
      timeline.indexOf(text),
    );
    expect(
      order.every((at) => at > -1),
      JSON.stringify(order),
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(timeline).toMatch(/Life event · (<!-- -->)?Moved/);
  });
});
