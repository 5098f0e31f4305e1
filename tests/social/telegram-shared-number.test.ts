import { describe, expect, it } from 'vitest';
import { createContact, signUp } from '../support/client';
import { connectTelegram, contactOfPeer, runTelegramSync, telegramScenario, timeline, uniquePhone, user } from './telegram-support';

// ADR 031: a chat partner whose phone is a family's landline is the contact on it whose name
// fits; a name no holder has is someone else on that line, a contact of their own sharing it.

const LANDLINE = '+46 8 123 4567';
const onLine = (id: string, first: string, last: string) => ({ ...user(id, first), last_name: last, phone: '4681234567' });

describe('Telegram: a chat partner on a shared number', () => {
  it('lands on the holder whose name fits, and a new name on the line is a new contact sharing it', async () => {
    const me = await signUp();
    const phone = uniquePhone();
    const anna = await createContact(me, { first_name: 'Anna', last_name: 'Berg', phones: [LANDLINE] });
    const carl = await createContact(me, { first_name: 'Carl', last_name: 'Berg', phones: [LANDLINE] });
    await telegramScenario({
      phone,
      dialogs: [
        { peer: onLine('801', 'Carl', 'Berg'), messages: [{ out: false, text: 'Dinner on Sunday?' }] },
        { peer: onLine('802', 'Dora', 'Berg'), messages: [{ out: false, text: 'Hi, it is Dora' }] },
      ],
    });
    await connectTelegram(me, phone);
    await runTelegramSync(me);

    expect((await contactOfPeer(me, '801')).id).toBe(carl.id);
    expect((await timeline(me, carl.id)).map((i) => i.body)).toContain('Dinner on Sunday?');
    expect((await timeline(me, anna.id)).map((i) => i.body)).not.toContain('Dinner on Sunday?');
    const dora = await contactOfPeer(me, '802');
    expect(dora).toMatchObject({ full_name: 'Dora Berg', phones: ['+4681234567'] });
    expect([anna.id, carl.id]).not.toContain(dora.id);
  });
});
