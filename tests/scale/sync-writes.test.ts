import { describe, expect, it } from 'vitest';
import { syncTelegram } from '../../worker/domain/telegram/sync-telegram';
import { as, createContact, signUp } from '../support/client';
import { connectTelegram, telegramScenario, uniquePhone, user } from '../social/telegram-support';
import { countedDeps } from './write-counter';
import { userD1 } from '../support/stores';

const minutesAgo = (m: number) => Math.floor(Date.now() / 1000) - m * 60;

describe('a Telegram sync round writes only what changed', () => {
  it('with nothing new it writes (near) no rows; a member who left and one who joined are the only member rows written', async () => {
    const me = await signUp();
    const phone = uniquePhone();
    const people = Array.from({ length: 60 }, (_, n) => user(String(41_000 + n), `Member${n}`, `member_${n}_${phone.slice(-6)}`));
    for (const p of people.slice(0, 10)) await createContact(me, { first_name: p.first_name, telegram_username: p.username });
    const chats = [
      { id: '-100410', title: 'Runners', participants: people.slice(0, 40) },
      { id: '-100411', title: 'Readers', participants: people.slice(20, 60) },
    ];
    const dialogs = people.slice(0, 5).map((peer, n) => ({
      peer,
      read_outbox_max_id: 2,
      messages: [
        { id: 1, date: minutesAgo(60 + n), out: false, text: 'hi' },
        { id: 2, date: minutesAgo(30 + n), out: true, text: 'hello' },
      ],
    }));
    await telegramScenario({ phone, dialogs, chats, bios: { [people[0]!.id]: 'Runner' } });
    await connectTelegram(me, phone);
    expect((await as(me, '/api/v1/integrations/telegram/settings', { method: 'PUT', json: { tag_second_tier: true } })).status).toBe(200);
    await syncTelegram((await countedDeps(me)).deps, me.user.id);

    const quiet = await countedDeps(me);
    const outcome = await syncTelegram(quiet.deps, me.user.id);
    expect(outcome).toMatchObject({ logged: 0, contact_ids: [] });
    // The connection's "last synced" time is the one row a quiet round writes.
    expect(quiet.count.rowsWritten).toBeLessThanOrEqual(2);
    // Each group is one query, and the whole round stays far under a Worker's query limit.
    expect(quiet.count.queries).toBeLessThan(50);

    // Member 0 leaves the Runners, member 59 joins them (both already contacts).
    await telegramScenario({ phone, chats: [{ ...chats[0], participants: [...people.slice(1, 40), people[59]] }, chats[1]] });
    const moved = await countedDeps(me);
    await syncTelegram(moved.deps, me.user.id);
    // Each member row is a table row and an index entry: 2 out, 2 in, and the last-synced time.
    expect(moved.count.rowsWritten).toBeLessThanOrEqual(2 + 2 + 2);
    // Read from the tables: a contact page visit would queue a background sync of its own.
    const groups = async (peer: string) => {
      const row = await (
        await userD1(me)
      )
        .prepare(
          `SELECT 1 FROM telegram_peers p JOIN messaging_group_members m ON m.contact_id = p.contact_id JOIN messaging_groups g ON g.id = m.group_id
          WHERE p.user_id = ? AND p.peer_id = ? AND g.title = 'Runners'`,
        )
        .bind(me.user.id, peer)
        .first();
      return row !== null;
    };
    expect(await groups(people[0]!.id)).toBe(false);
    expect(await groups(people[59]!.id)).toBe(true);
    expect(await groups(people[1]!.id)).toBe(true);
  });
});
