import { describe, expect, it } from 'vitest';
import { as, json, signUp } from '../support/client';
import { connectTelegram, step, telegramCard, telegramScenario, uniquePhone } from './telegram-support';

describe('Connecting Telegram', () => {
  it('goes phone → code, shows pending while waiting for the code, then connected, never a session', async () => {
    const me = await signUp();
    const phone = uniquePhone();
    await telegramScenario({ phone, self: { username: 'sol_tg' } });
    const login = await step(me, 'login', { phone: phone.replace(/^\+44/, '+44 ') });
    expect(login.status).toBe(200);
    expect((await json(login)).data).toEqual({ status: 'pending', next: 'code', account_label: phone });
    expect(await telegramCard(me)).toMatchObject({ status: 'pending' });

    const wrong = await step(me, 'code', { code: '99999' });
    expect(wrong.status).toBe(422);
    expect((await json(wrong)).error.message).toMatch(/code is not right/);
    expect(await telegramCard(me)).toMatchObject({ status: 'pending' });

    const right = await step(me, 'code', { code: '12345' });
    expect((await json(right)).data).toEqual({ status: 'connected', next: null, account_label: '@sol_tg' });
    const listing = await (await as(me, '/api/v1/integrations')).text();
    expect(listing).not.toContain('fake-session');
    expect(await telegramCard(me)).toMatchObject({ status: 'connected', account_label: '@sol_tg' });
  });

  it('asks for the two-step verification password when the account has one', async () => {
    const me = await signUp();
    const phone = uniquePhone();
    await telegramScenario({ phone, password: 'hunter2 but longer' });
    await step(me, 'login', { phone });
    const coded = await json(await step(me, 'code', { code: '12345' }));
    expect(coded.data).toMatchObject({ status: 'pending', next: 'password' });
    const wrong = await step(me, 'password', { password: 'nope' });
    expect(wrong.status).toBe(422);
    expect((await json(wrong)).error.message).toMatch(/two-step verification password/);
    const right = await step(me, 'password', { password: 'hunter2 but longer' });
    expect((await json(right)).data.status).toBe('connected');
  });

  it('refuses a code when no login waits for one, and passes a flood wait on as 429 with Retry-After', async () => {
    const me = await signUp();
    expect((await step(me, 'code', { code: '12345' })).status).toBe(409);
    const phone = uniquePhone();
    await telegramScenario({ phone, flood: { 'auth/send-code': 37 } });
    const flooded = await step(me, 'login', { phone });
    expect(flooded.status).toBe(429);
    expect(flooded.headers.get('retry-after')).toBe('37');
    expect((await json(flooded)).error.code).toBe('rate_limited');
  });

  it('disconnects: the card is "not connected" again and the stored session is gone', async () => {
    const me = await signUp();
    const phone = uniquePhone();
    await connectTelegram(me, phone);
    expect((await as(me, '/api/v1/integrations/telegram', { method: 'DELETE' })).status).toBe(204);
    expect((await telegramCard(me)).status).toBe('not_connected');
  });
});
