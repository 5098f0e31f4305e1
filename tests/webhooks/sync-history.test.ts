import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, signUp, type Session } from '../support/client';
import { connectEmail, gmailScenario, runSync, timeline } from '../channels/email-support';
import { connectX, runXSync, xScenario } from '../social/x-support';
import { hookKey, receivedWhere, register } from './support';

// ADR 083: connecting a mailbox (or X, Telegram, the LinkedIn extension) back-fills its recent mail onto the timelines. That is history,
// as an import's entries are (ADR 077): logged, not announced one interaction.logged at a time.
// Mail that arrives once the mailbox is connected is news and is delivered as before.
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const OLD_MESSAGES = 60;

async function deliveries(me: Session, endpointId: string): Promise<{ event: string }[]> {
  const res = await as(me, `/api/v1/webhooks/${endpointId}/deliveries?page_size=200`);
  expect(res.status).toBe(200);
  return (await json(res)).data;
}

describe("a mailbox's first sync and interaction.logged", () => {
  it('sends nothing for the mail it back-fills, and one delivery for each message that arrives after', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', emails: ['ada@history.test'] });
    const key = hookKey('history');
    const hook = await register(me, key, ['interaction.logged']);
    await gmailScenario({
      account: 'history',
      emailAddress: 'me@history.test',
      messages: Array.from({ length: OLD_MESSAGES }, (_, i) => ({
        from: 'Ada <ada@history.test>',
        to: 'me@history.test',
        subject: `Old ${i}`,
        text: `From before Kith, ${i}`,
        date: daysAgo(1 + (i % 80)),
      })),
    });

    await connectEmail(me, 'history');
    await runSync(me);
    expect((await timeline(me, ada.id)).length, 'the history is on the timeline').toBe(OLD_MESSAGES);
    expect(await deliveries(me, hook.id)).toEqual([]);

    await gmailScenario({
      account: 'history',
      messages: [{ from: 'ada@history.test', to: 'me@history.test', subject: 'Lunch?', text: 'Tomorrow', date: new Date().toISOString() }],
    });
    expect(await runSync(me)).toMatchObject({ logged: 1 });
    expect((await deliveries(me, hook.id)).map((d) => d.event)).toEqual(['interaction.logged']);
    const [arrived] = await receivedWhere(key, (body) => body.type === 'interaction.logged', 'the new mail delivered');
    expect(JSON.parse(arrived!.body).data.interaction).toMatchObject({ contact_id: ada.id, subject: 'Lunch?', source: 'gmail' });
  });

  it("holds for X's DMs the same way: the back-filled ones are history, a new one is delivered", async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', twitter_handle: 'ada_history' });
    const hook = await register(me, hookKey('x-history'), ['interaction.logged']);
    await xScenario({
      account: 'x-history',
      messages: Array.from({ length: 12 }, (_, i) => ({
        with: 'ada_history',
        from: 'them',
        text: `Old DM ${i}`,
        created_at: daysAgo(2 + i),
      })),
    });
    await connectX(me, 'x-history');
    await runXSync(me);
    expect(await timeline(me, ada.id)).toHaveLength(12);
    expect(await deliveries(me, hook.id)).toEqual([]);

    await xScenario({ account: 'x-history', messages: [{ with: 'ada_history', from: 'them', text: 'New DM' }] });
    expect((await runXSync(me)).logged).toBe(1);
    expect((await deliveries(me, hook.id)).map((d) => d.event)).toEqual(['interaction.logged']);
  });

  it('holds for the LinkedIn extension: what was said before its token was made is history', async () => {
    const me = await signUp();
    const hook = await register(me, hookKey('linkedin-history'), ['interaction.logged']);
    const token = (await json(await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'Extension' } }))).data.token;
    const post = (messages: { id: string; sent_at: string; body: string }[]) =>
      call('/api/v1/extension/linkedin/conversations', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        json: {
          conversations: [
            {
              id: 'urn:li:msg_conversation:history',
              participant: { name: 'Priya Raman', profile_url: 'https://www.linkedin.com/in/priya-history/' },
              messages: messages.map((m) => ({ direction: 'in', ...m })),
            },
          ],
        },
      });
    const old = Array.from({ length: 20 }, (_, i) => ({ id: `urn:li:msg_message:old${i}`, sent_at: daysAgo(3 + i), body: `Old ${i}` }));
    expect((await json(await post(old))).data.messages_logged).toBe(20);
    expect(await deliveries(me, hook.id)).toEqual([]);

    const now = new Date(Date.now() + 1000).toISOString();
    expect((await json(await post([...old, { id: 'urn:li:msg_message:new', sent_at: now, body: 'New' }]))).data.messages_logged).toBe(1);
    expect((await deliveries(me, hook.id)).map((d) => d.event)).toEqual(['interaction.logged']);
  });
});
