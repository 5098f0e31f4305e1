import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp } from '../support/client';
import {
  connectTelegram,
  contactOfPeer,
  runTelegramSync,
  telegramCard,
  telegramScenario,
  timeline,
  uniquePhone,
  user,
} from './telegram-support';
import { userD1 } from '../support/stores';

const at = (minutesAgo: number) => Math.floor(Date.now() / 1000) - minutesAgo * 60;

describe('Telegram sync', () => {
  it('logs direct messages once each, on the contact with the same @username, with delivered/read receipts', async () => {
    const me = await signUp();
    const phone = uniquePhone();
    const ada = await createContact(me, { first_name: 'Ada', telegram_username: 'ada_tg' });
    await telegramScenario({
      phone,
      dialogs: [
        {
          peer: user('501', 'Ada', 'ada_tg'),
          read_outbox_max_id: 11,
          messages: [
            { id: 10, date: at(30), out: false, text: 'Are you coming on Friday?' },
            { id: 11, date: at(20), out: true, text: 'Yes! See you there.' },
            { id: 12, date: at(10), out: true, text: 'Bringing cake.' },
          ],
        },
      ],
    });
    await connectTelegram(me, phone);
    await runTelegramSync(me);
    await runTelegramSync(me);
    const items = (await timeline(me, ada.id)).filter((i) => i.channel === 'telegram');
    expect(items.map((i) => [i.body, i.direction, i.status])).toEqual([
      ['Bringing cake.', 'out', 'delivered'],
      ['Yes! See you there.', 'out', 'read'],
      ['Are you coming on Friday?', 'in', null],
    ]);

    // Ada reads the last one: the next sync turns its single check into a double one.
    await telegramScenario({ phone, dialogs: [{ peer: user('501', 'Ada', 'ada_tg'), read_outbox_max_id: 12 }] });
    expect((await runTelegramSync(me)).logged).toBe(0);
    expect((await timeline(me, ada.id)).find((i) => i.body === 'Bringing cake.').status).toBe('read');
    expect((await telegramCard(me)).last_synced_at).toEqual(expect.any(String));
  });

  it('creates a contact for someone the user chats with, and a bio change becomes an event', async () => {
    const me = await signUp();
    const phone = uniquePhone();
    await telegramScenario({
      phone,
      dialogs: [{ peer: user('601', 'Bea', 'bea_b'), messages: [{ out: false, text: 'hi' }] }],
      bios: { '601': 'Painter' },
    });
    await connectTelegram(me, phone);
    await runTelegramSync(me);
    const bea = await contactOfPeer(me, '601');
    expect(bea).toMatchObject({ full_name: 'Bea', telegram_username: 'bea_b', source: 'telegram' });
    expect(bea.bios.telegram).toBe('Painter');
    // The first bio seen is no change.
    expect((await timeline(me, bea.id)).filter((i) => i.kind === 'bio_change')).toEqual([]);

    await telegramScenario({ phone, bios: { '601': 'Painter and sculptor' } });
    await runTelegramSync(me);
    await runTelegramSync(me);
    const changes = (await timeline(me, bea.id)).filter((i) => i.kind === 'bio_change');
    expect(changes.map((c) => [c.channel, c.body])).toEqual([['telegram', 'Painter and sculptor']]);
    expect((await contactOfPeer(me, '601')).bios.telegram).toBe('Painter and sculptor');
  });

  it('dismisses pending follow-ups older than a new message, not newer ones', async () => {
    const me = await signUp();
    const phone = uniquePhone();
    const cy = await createContact(me, { first_name: 'Cy', telegram_username: 'cy_c' });
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const now = new Date().toISOString();
    const insert =
      "INSERT INTO followups (id, user_id, contact_id, reason, status, due_at, created_at) VALUES (?, ?, ?, 'Catch up', 'pending', ?, ?)";
    await (await userD1(me)).prepare(insert).bind(`fu-${cy.id}`, me.user.id, cy.id, old, old).run();
    // Suggested after the message was written: the message does not answer it.
    await (await userD1(me)).prepare(insert).bind(`fu-new-${cy.id}`, me.user.id, cy.id, now, now).run();
    await telegramScenario({
      phone,
      dialogs: [{ peer: user('701', 'Cy', 'cy_c'), messages: [{ date: at(60), out: false, text: 'Long time no see' }] }],
    });
    await connectTelegram(me, phone);
    await runTelegramSync(me);
    const row = await (
      await userD1(me)
    )
      .prepare('SELECT status FROM followups WHERE id = ?')
      .bind(`fu-${cy.id}`)
      .first<{ status: string }>();
    expect(row!.status).toBe('dismissed');
    const newer = await (
      await userD1(me)
    )
      .prepare('SELECT status FROM followups WHERE id = ?')
      .bind(`fu-new-${cy.id}`)
      .first<{ status: string }>();
    expect(newer!.status).toBe('pending');
  });

  it('fills the Common groups card, tags members never messaged as "2nd tier" (when asked), and untags them once messaged', async () => {
    const me = await signUp();
    const phone = uniquePhone();
    const dee = user('801', 'Dee', 'dee_d');
    const zed = user('802', 'Zed', 'zed_z');
    const quiet = user('803', 'Quinn', 'quinn_q');
    await telegramScenario({
      phone,
      dialogs: [{ peer: dee, messages: [{ out: true, text: 'hey Dee' }] }],
      chats: [{ id: '-100900', title: 'Climbing crew', participants: [dee, zed] }],
    });
    await connectTelegram(me, phone);
    // Setting off: only known contacts are linked; strangers are not added.
    await runTelegramSync(me);
    expect(await contactOfPeer(me, '802')).toBeNull();

    expect((await as(me, '/api/v1/integrations/telegram/settings', { method: 'PUT', json: { tag_second_tier: true } })).status).toBe(200);
    await telegramScenario({
      phone,
      chats: [
        { id: '-100900', title: 'Climbing crew', participants: [dee, zed] },
        { id: '-100901', title: 'Book club', participants: [quiet, dee] },
      ],
    });
    await runTelegramSync(me);
    const deeContact = await contactOfPeer(me, '801');
    const zedContact = await contactOfPeer(me, '802');
    expect(deeContact.tags).not.toContain('2nd tier');
    expect(zedContact.tags).toContain('2nd tier');
    expect((await contactOfPeer(me, '803')).tags).toContain('2nd tier');
    expect((await json(await as(me, '/api/v1/contacts/2nd-tier/count'))).data.count).toBe(2);

    const page = await (await as(me, `/contacts/${deeContact.id}`)).text();
    expect(page).toContain('Climbing crew');
    expect(page).toContain('Book club');

    // Zed writes to the user directly: no longer 2nd tier.
    await telegramScenario({ phone, dialogs: [{ peer: zed, messages: [{ out: false, text: 'Saw you at the wall!' }] }] });
    await runTelegramSync(me);
    expect((await contactOfPeer(me, '802')).tags).not.toContain('2nd tier');
    expect((await timeline(me, zedContact.id)).map((i) => i.body)).toContain('Saw you at the wall!');
  });

  it("the per-contact sync (contact page visit) brings that contact's new messages", async () => {
    const me = await signUp();
    const phone = uniquePhone();
    const eve = await createContact(me, { first_name: 'Eve', telegram_username: 'eve_e' });
    await telegramScenario({ phone, dialogs: [{ peer: user('901', 'Eve', 'eve_e'), messages: [{ out: false, text: 'first' }] }] });
    await connectTelegram(me, phone);
    await telegramScenario({ phone, dialogs: [{ peer: user('901', 'Eve', 'eve_e'), messages: [{ out: false, text: 'second' }] }] });
    await runTelegramSync(me, eve.id);
    expect((await timeline(me, eve.id)).map((i) => i.body)).toEqual(['second', 'first']);
  });

  it('marks the card "Needs attention" when the user ended the session in Telegram', async () => {
    const me = await signUp();
    const phone = uniquePhone();
    await connectTelegram(me, phone);
    await telegramScenario({ phone, revoked: true });
    await expect(runTelegramSync(me)).rejects.toMatchObject({ code: 'channel_not_connected' });
    expect(await telegramCard(me)).toMatchObject({ status: 'error', last_error: expect.stringMatching(/connect Telegram again/) });
  });

  it('keeps the session the gateway moved, so the next sync still works after the old one stops', async () => {
    const me = await signUp();
    const phone = uniquePhone();
    await connectTelegram(me, phone);
    await telegramScenario({
      phone,
      rotate_session: true,
      dialogs: [{ peer: user('8800000001', 'Mover'), messages: [{ out: false, text: 'first' }] }],
    });
    await runTelegramSync(me);
    await telegramScenario({ phone, dialogs: [{ peer: user('8800000001', 'Mover'), messages: [{ out: false, text: 'second' }] }] });
    await runTelegramSync(me);
    expect(await telegramCard(me)).toMatchObject({ status: 'connected' });
    const contact = await contactOfPeer(me, '8800000001');
    expect((await timeline(me, contact.id)).filter((i) => i.channel === 'telegram').map((i) => i.body)).toEqual(['second', 'first']);
  });
});
