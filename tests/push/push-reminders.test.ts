import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { localHour, pushDueReminders } from '../../worker/domain/push/push-reminders';
import type { Env } from '../../worker/env';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { eventually } from '../support/eventually';
import { decryptPush, newPushDevice, pushesTo, steerPushService, vapidClaims, type PushDevice } from '../support/push-device';
import { userDeps } from '../support/stores';

// Issue 43 "Reminders that arrive": Web Push to each device that turned notifications on, sent
// through a fake push service at the HTTP boundary, and read here as the phone would read it.

async function subscribe(me: Session, device: PushDevice) {
  const res = await as(me, '/api/v1/push/devices', { method: 'POST', json: device.subscription });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data as { id: string };
}

/** A user whose chosen hour is now, with Ada's reminder due today and a phone subscribed. */
async function dueNow(label: string) {
  const me = await signUp(`Pat ${label}`);
  const { data: profile } = await json(await as(me, '/api/v1/me'));
  const hour = localHour(new Date(), profile.time_zone);
  expect((await as(me, '/api/v1/push', { method: 'PATCH', json: { hour } })).status).toBe(200);
  const ada = await createContact(me, { first_name: 'Ada', last_name: `Lovelace ${label}` });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: profile.time_zone }).format(new Date());
  const reminder = await as(me, `/api/v1/contacts/${ada.id}/reminders`, {
    method: 'POST',
    json: { on: today, note: 'Ask about the engine' },
  });
  expect(reminder.status).toBe(201);
  const phone = await newPushDevice();
  const device = await subscribe(me, phone);
  return { me, ada, phone, device, hour };
}

const runJobFor = (me: Session) => (env as unknown as Env).JOBS.send({ type: 'send_push_reminders', user_id: me.user.id });

describe('push reminders', () => {
  it('arrive at the chosen hour, encrypted to the phone, opening the contact with Log it one tap away, once a day', async () => {
    const { me, ada, phone } = await dueNow('arrive');
    await runJobFor(me);
    const [message] = await eventually(
      () => pushesTo(phone),
      (list) => list.length > 0,
      'a push reaches the push service',
    );
    expect(message!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(message!.headers.ttl)).toBeGreaterThan(0);
    const claims = await vapidClaims(message!.headers.authorization!, phone.subscription.endpoint);
    expect(claims?.sub).toBe('mailto:operator@kith.test');
    const notice = JSON.parse(await decryptPush(phone, message!.body));
    expect(notice).toEqual({
      title: `Ada Lovelace arrive`,
      body: 'Ask about the engine',
      url: `/contacts/${ada.id}?log`,
      tag: expect.stringMatching(/^kith:reminder:/),
    });
    // Settings shows when it last reached the device; the next run the same day sends nothing.
    const { data } = await json(await as(me, '/api/v1/push'));
    expect(data.devices[0].last_sent_at).not.toBeNull();
    expect(await pushDueReminders(await userDeps(me))).toMatchObject({ status: 'done', sent: 0 });
    expect(await pushesTo(phone)).toHaveLength(1);
  });

  it('wait for the chosen hour', async () => {
    const { me, phone, hour } = await dueNow('later');
    await as(me, '/api/v1/push', { method: 'PATCH', json: { hour: (hour + 1) % 24 } });
    expect(await pushDueReminders(await userDeps(me))).toMatchObject({ status: 'not_now' });
    expect(await pushesTo(phone)).toHaveLength(0);
  });

  it('are retried when the push service fails, and a subscription it says is gone is dropped', async () => {
    const { me, phone } = await dueNow('retry');
    await steerPushService(phone, { status: 503, failures: 1 });
    await expect(pushDueReminders(await userDeps(me))).rejects.toThrow(/retries/);
    expect(await pushDueReminders(await userDeps(me))).toMatchObject({ sent: 1 });
    expect(await pushesTo(phone)).toHaveLength(2);

    const gone = await newPushDevice('Firefox on a laptop');
    await subscribe(me, gone);
    await steerPushService(gone, { status: 410 });
    expect(await pushDueReminders(await userDeps(me))).toMatchObject({ dropped: 1 });
    const { data } = await json(await as(me, '/api/v1/push'));
    expect(data.devices.map((d: { device: string }) => d.device)).toEqual(['Chrome on Android']);
  });
});

describe('devices with notifications', () => {
  it('are listed and removable, and only by their owner', async () => {
    const me = await signUp('Dee Devices');
    const phone = await newPushDevice('Safari on iPhone');
    const { id } = await subscribe(me, phone);
    const { data } = await json(await as(me, '/api/v1/push'));
    expect(data).toMatchObject({
      available: true,
      hour: expect.any(Number),
      devices: [{ id, device: 'Safari on iPhone', last_sent_at: null }],
    });
    expect(data.public_key).toBe((env as unknown as { VAPID_PUBLIC_KEY: string }).VAPID_PUBLIC_KEY);
    const other = await signUp('Oscar Other');
    expect((await as(other, `/api/v1/push/devices/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await as(me, `/api/v1/push/devices/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await json(await as(me, '/api/v1/push'))).data.devices).toEqual([]);
  });

  it('refuse a subscription that is not one, in the error envelope', async () => {
    const me = await signUp('Bad Input');
    const phone = await newPushDevice();
    const bad = await as(me, '/api/v1/push/devices', {
      method: 'POST',
      json: { ...phone.subscription, keys: { p256dh: 'short', auth: phone.subscription.keys.auth } },
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.code).toBe('invalid_request');
    const inside = await as(me, '/api/v1/push/devices', {
      method: 'POST',
      json: { ...phone.subscription, endpoint: 'https://10.0.0.8/push/x' },
    });
    expect(inside.status).toBe(400);
    expect((await json(inside)).error.message).toMatch(/private network/);
    const hour = await as(me, '/api/v1/push', { method: 'PATCH', json: { hour: 24 } });
    expect(hour.status).toBe(400);
  });

  it('end with every other way in ("log out everywhere")', async () => {
    const me = await signUp('Eve Everywhere');
    await subscribe(me, await newPushDevice());
    const res = await as(me, '/api/v1/auth/logout-everywhere?keep_current=true', { method: 'POST' });
    expect((await json(res)).data.ended).toMatchObject({ push_subscriptions: 1 });
    expect((await json(await as(me, '/api/v1/push'))).data.devices).toEqual([]);
  });
});
