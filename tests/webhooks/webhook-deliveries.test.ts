import { env } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { as, json, signUp } from '../support/client';
import { deliverySettles, fakeBase, hookKey, received, receiverUrl, register, signedWith, steer } from './support';

// Deliveries go through the queue, are retried after each failure (the pauses are capped at
// 0 s here: WEBHOOK_RETRY_MAX_DELAY_SECONDS in vitest.config.ts), and end failed after the
// round's eight attempts; Redeliver starts a new round.

async function testDelivery(me: Awaited<ReturnType<typeof signUp>>, endpointId: string) {
  const res = await as(me, `/api/v1/webhooks/${endpointId}/test`, { method: 'POST' });
  expect(res.status).toBe(202);
  return (await json(res)).data;
}

describe('webhook deliveries', () => {
  it('shows the secret once, and signs a test delivery with it', async () => {
    const me = await signUp();
    const key = hookKey('test');
    const { id, secret } = await register(me, key, ['contact.created']);
    expect(secret).toMatch(/^whsec_/);
    const shown = await json(await as(me, `/api/v1/webhooks/${id}`));
    expect(JSON.stringify(shown)).not.toContain(secret);
    expect(shown.data).not.toHaveProperty('secret');

    const queued = await testDelivery(me, id);
    expect(queued).toMatchObject({ event: 'webhook.test', status: 'pending' });
    const done = await deliverySettles(me, id, queued.id, 'succeeded');
    const [request] = await received(key);
    expect(await signedWith(secret, request!.headers['kith-signature']!, request!.body)).toBe(true);
    expect(request!.headers['kith-event']).toBe('webhook.test');
    expect(request!.headers['kith-delivery']).toBe(queued.id);
    expect(done.attempt_log).toHaveLength(1);
    expect(done.attempt_log[0]).toMatchObject({ response_status: 200, response_body: '{"ok":true}', error: null });
    expect(done.attempt_log[0].request_headers['kith-signature']).toBe(request!.headers['kith-signature']);
    expect(done.body).toBe(request!.body);
  });

  it('retries a flaky receiver until it answers, logging each attempt', async () => {
    const me = await signUp();
    const key = hookKey('flaky');
    await steer(key, { status: 500, failures: 2 });
    const { id } = await register(me, key, ['contact.created']);
    const queued = await testDelivery(me, id);
    const done = await deliverySettles(me, id, queued.id, 'succeeded');
    expect(done.attempts).toBe(3);
    expect(done.attempt_log.map((a: any) => a.response_status)).toEqual([200, 500, 500]);
    expect(done.attempt_log[2].response_body).toBe('receiver says no (500)');
    const bodies = (await received(key)).map((r) => r.body);
    expect(new Set(bodies).size).toBe(1);
  });

  it('shows a delivery failed after its retries, and Redeliver sends it again', async () => {
    const me = await signUp();
    const key = hookKey('down');
    await steer(key, { status: 503 });
    const { id } = await register(me, key, ['contact.created']);
    const queued = await testDelivery(me, id);
    const failed = await deliverySettles(me, id, queued.id, 'failed');
    expect(failed.attempts).toBe(8);
    expect(failed.last_status_code).toBe(503);
    expect(await received(key)).toHaveLength(8);
    const log = await json(await as(me, `/api/v1/webhooks/${id}/deliveries?page_size=10`));
    expect(log.data[0]).toMatchObject({ id: queued.id, status: 'failed' });
    expect(log.meta).toMatchObject({ total: 1, page: 1 });

    await steer(key, { status: 503, failures: 0 });
    const again = await as(me, `/api/v1/webhooks/${id}/deliveries/${queued.id}/redeliver`, { method: 'POST' });
    expect(again.status).toBe(202);
    const redelivered = await deliverySettles(me, id, queued.id, 'succeeded');
    expect(redelivered.attempts).toBe(9);
    const requests = await received(key);
    expect(requests).toHaveLength(9);
    expect(JSON.parse(requests[8]!.body).id).toBe(JSON.parse(requests[0]!.body).id);
  });

  it('signs with the old and the new secret for a while after a rotation', async () => {
    const me = await signUp();
    const key = hookKey('rotate');
    const { id, secret: old } = await register(me, key, ['contact.created']);
    const rotated = await as(me, `/api/v1/webhooks/${id}/rotate-secret`, { method: 'POST' });
    expect(rotated.status).toBe(200);
    const { secret: fresh, previous_secret_until } = (await json(rotated)).data;
    expect(fresh).not.toBe(old);
    expect(Date.parse(previous_secret_until) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const queued = await testDelivery(me, id);
    await deliverySettles(me, id, queued.id, 'succeeded');
    const [request] = await received(key);
    expect(request!.headers['kith-signature']!.match(/v1=/g)).toHaveLength(2);
    expect(await signedWith(old, request!.headers['kith-signature']!, request!.body)).toBe(true);
    expect(await signedWith(fresh, request!.headers['kith-signature']!, request!.body)).toBe(true);
    expect(await signedWith('whsec_wrong', request!.headers['kith-signature']!, request!.body)).toBe(false);
  });

  it('follows no redirect: the attempt fails and nothing reaches where it pointed', async () => {
    const me = await signUp();
    const key = hookKey('redirect');
    const target = `${key}-target`;
    await steer(key, { status: 307, location: receiverUrl(target) });
    const { id } = await register(me, key, ['contact.created']);
    const queued = await testDelivery(me, id);
    const failed = await deliverySettles(me, id, queued.id, 'failed');
    expect(failed.attempt_log[0]).toMatchObject({ response_status: 307, error: expect.stringMatching(/Redirects are not followed/) });
    expect(await received(target)).toEqual([]);
  });
});

describe('webhook addresses (the favicon guard, ADR 003 and 030)', () => {
  const port = () => new URL(fakeBase()).port;

  it.each([
    ['plain http on a public host', () => 'http://hooks.example.com/kith'],
    ['a loopback address', () => 'https://127.0.0.1/hook'],
    ['the fake receiver on another port', () => `http://127.0.0.1:${Number(port()) + 1}/hooks/x`],
    ['a private address', () => 'https://10.0.0.1/hook'],
    ['the metadata address', () => 'https://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', () => 'https://[::1]/hook'],
    ['IPv4-mapped loopback', () => 'https://[::ffff:127.0.0.1]/hook'],
    ['a name that resolves to loopback', () => 'https://loopback-dns.test/hook'],
    ['a name that resolves to a private address', () => 'https://private-dns.test/hook'],
    ['a name with a private and a public address', () => 'https://mixed-dns.test/hook'],
    ['a name that does not resolve', () => 'https://nxdomain.test/hook'],
    ['a wildcard-loopback domain', () => 'https://127.0.0.1.nip.io/hook'],
    ['a single-label name', () => 'https://intranet/hook'],
    ['credentials in the address', () => 'https://user:pw@hooks.test/hook'],
  ])('refuses %s', async (_what, url) => {
    const me = await signUp();
    const res = await as(me, '/api/v1/webhooks', { method: 'POST', json: { url: url(), events: ['contact.created'] } });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.error.code).toBe('not_processable');
    expect(body.error.details.issues[0].path).toBe('url');
    expect((await json(await as(me, '/api/v1/webhooks'))).data).toEqual([]);
  });

  it('accepts a public https name, and the one private host the setting lists', async () => {
    const me = await signUp();
    const ok = await as(me, '/api/v1/webhooks', { method: 'POST', json: { url: 'https://hooks.test/kith', events: ['contact.created'] } });
    expect(ok.status).toBe(201);
    const moved = await as(me, `/api/v1/webhooks/${(await json(ok)).data.id}`, {
      method: 'PATCH',
      json: { url: 'https://private-dns.test/x' },
    });
    expect(moved.status).toBe(422);
    await register(me, hookKey('allowed'), ['contact.created']);
  });

  it('a malformed ALLOWED_PRIVATE_HOSTS stops the Worker at its first request, naming the setting', async () => {
    const broken = { ...(env as object), ALLOWED_PRIVATE_HOSTS: 'n8n.lan, http://10.0.0.5:5678' };
    const request = new Request('http://kith.test/api/v1/health');
    await expect(worker.fetch!(request as never, broken as never, createExecutionContext())).rejects.toThrow(
      /ALLOWED_PRIVATE_HOSTS: "http:\/\/10\.0\.0\.5:5678" is not a host or host:port/,
    );
    const fine = { ...(env as object), ALLOWED_PRIVATE_HOSTS: 'n8n.lan, 10.0.0.5:5678, [fd00::1]:80' };
    expect(
      (await worker.fetch!(new Request('http://kith.test/api/v1/health') as never, fine as never, createExecutionContext())).status,
    ).toBe(200);
  });
});
