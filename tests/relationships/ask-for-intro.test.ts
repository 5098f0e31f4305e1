import { describe, expect, it } from 'vitest';
import { requestsTo, uniqueKey } from '../ai/fakes-control';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { callTool, mcpClient, newToken } from '../support/mcp-client';

// #45: "Ask Cy for an intro" opens a drafted message, the existing AI draft with the path as
// context. The language model is the fake OpenAI at the HTTP boundary; what it was sent is read back.

const link = async (me: Session, from: string, body: Record<string, unknown>) =>
  expect((await as(me, `/api/v1/contacts/${from}/relationships`, { method: 'POST', json: body })).status).toBe(201);
const draft = (me: Session, id: string, body: unknown) => as(me, `/api/v1/contacts/${id}/draft`, { method: 'POST', json: body });

async function sentFor(token: string) {
  const request = JSON.parse((await requestsTo('openai', token)).at(-1)!.body);
  return { system: request.messages[0].content as string, input: JSON.parse(request.messages[1].content) };
}

async function network() {
  const me = await signUp('Nora Network');
  const key = uniqueKey('intro');
  const dee = await createContact(me, { first_name: 'Dee', last_name: 'Lund', company: 'Stripe', title: 'Head of Payments' });
  const cy = await createContact(me, { first_name: 'Cy', last_name: 'Adams', notes: `${key}-cy` });
  const fay = await createContact(me, { first_name: 'Fay', last_name: 'Okafor', notes: `${key}-fay` });
  const eve = await createContact(me, { first_name: 'Eve', last_name: 'Stone', notes: `${key}-eve` });
  await link(me, dee.id, { kind: 'colleague', other_contact_id: cy.id });
  await link(me, cy.id, { kind: 'friend', other_contact_id: fay.id });
  return { me, key, dee, cy, fay, eve };
}

describe('asking an introducer for an intro, with an AI draft', () => {
  it('gives the model the path (introducer, target, evidence) and drafts the ask', async () => {
    const { me, key, dee, cy, fay } = await network();
    const res = await draft(me, cy.id, { channel: 'email', intro_to: dee.id });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({
      channel: 'email',
      subject: 'An introduction to Dee Lund?',
      body: expect.stringContaining('Would you introduce me to Dee Lund? Cy Adams is Dee Lund’s colleague'),
    });
    const direct = await sentFor(`${key}-cy`);
    expect(direct.system).toMatch(/introduction/);
    expect(direct.input.contact.full_name).toBe('Cy Adams');
    expect(direct.input.intro).toEqual({
      target: { full_name: 'Dee Lund', title: 'Head of Payments', company: 'Stripe' },
      through: null,
      path: [{ from: 'Cy Adams', to: 'Dee Lund', evidence: ['Cy Adams is Dee Lund’s colleague'] }],
    });

    // Three hops: Fay is asked for Cy, who knows Dee.
    const viaCy = await json(await draft(me, fay.id, { channel: 'telegram', intro_to: dee.id }));
    expect(viaCy.data.body).toContain('Would you introduce me to Cy Adams?');
    const longer = await sentFor(`${key}-fay`);
    expect(longer.input.intro.through).toBe('Cy Adams');
    expect(longer.input.intro.path.map((s: { from: string; to: string }) => `${s.from} → ${s.to}`)).toEqual([
      'Fay Okafor → Cy Adams',
      'Cy Adams → Dee Lund',
    ]);

    // A plain draft has no intro, nor the rule.
    await draft(me, cy.id, { channel: 'email' });
    const plain = await sentFor(`${key}-cy`);
    expect(plain.input.intro).toBeUndefined();
    expect(plain.system).not.toMatch(/introducer/);
  });

  it('refuses an introducer with no path, oneself, both reasons at once, and another user’s people', async () => {
    const { me, key, dee, cy, eve } = await network();
    const none = await draft(me, eve.id, { channel: 'email', intro_to: dee.id });
    expect(none.status).toBe(422);
    expect((await json(none)).error).toMatchObject({ code: 'not_processable', message: expect.stringContaining('Dee Lund') });
    expect(await requestsTo('openai', `${key}-eve`)).toEqual([]);
    expect((await draft(me, dee.id, { channel: 'email', intro_to: dee.id })).status).toBe(400);
    const both = await draft(me, cy.id, { channel: 'email', intro_to: dee.id, event_id: dee.id });
    expect(both.status).toBe(400);
    expect((await json(both)).error.code).toBe('invalid_request');
    const other = await signUp();
    const theirs = await createContact(other, { first_name: 'Theirs' });
    expect((await draft(me, cy.id, { channel: 'email', intro_to: theirs.id })).status).toBe(404);
    expect((await draft(other, theirs.id, { channel: 'email', intro_to: dee.id })).status).toBe(404);
  });

  it('is offered to an agent too: draft_message with intro_to', async () => {
    const { me, dee, cy } = await network();
    const client = await mcpClient((await newToken(me, { scopes: ['contacts:read'] })).token);
    const drafted = await callTool(client, 'draft_message', { contact_id: cy.id, channel: 'linkedin', intro_to: dee.id });
    expect(drafted.body).toContain('Would you introduce me to Dee Lund?');
    await client.close();
  });
});
