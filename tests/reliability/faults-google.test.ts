import { describe, expect, inject, it } from 'vitest';
import { googleAccessToken } from '../../worker/domain/google/google-access-token';
import { startGoogleSync } from '../../worker/domain/google/sync-google-contacts';
import { listConnections } from '../../worker/providers/google/people-client';
import { ProviderError } from '../../worker/providers/provider-error';
import { deliverJobs } from '../geocoding/support';
import { as, json, signUp, type Session } from '../support/client';
import { allContacts } from '../support/imports';
import { capturingEnv, connectGoogle, quietDeps } from './jobs';
import { eventually } from '../support/eventually';
import { userDeps } from '../support/stores';

// Google's People API misbehaving during a contacts sync: the job backs off and tries again,
// the import keeps saying "running" (never "done" with nobody imported), and after the last
// delivery it says it stopped and the job is listed in Settings as failed.

const unique = () => Math.random().toString(36).slice(2, 8);
const scenario = (body: Record<string, unknown>) =>
  fetch(`${inject('fakeProvidersUrl')}/__scenario/google`, { method: 'POST', body: JSON.stringify(body) });

async function connectedWithPeople(fault: Record<string, unknown> | null) {
  const me = await signUp();
  const account = `faults-${unique()}`;
  await connectGoogle(me, account);
  const people = Array.from({ length: 3 }, (_, i) => ({
    resourceName: `people/f${i}`,
    names: [{ givenName: `Faulty${i}`, familyName: account }],
    emailAddresses: [{ value: `f${i}-${account}@example.com` }],
  }));
  await scenario({ account, people, fault });
  const { import_id } = await startGoogleSync(await quietDeps(me), me.user.id);
  return { me, account, importId: import_id, job: { type: 'sync_google_contacts', user_id: me.user.id, import_id } };
}

const importOf = async (me: Session, id: string) => (await json(await as(me, `/api/v1/imports/${id}`))).data;

async function storm(faultOnly: Record<string, unknown>) {
  const { me, importId, job, account } = await connectedWithPeople(faultOnly);
  const fault = { ...faultOnly, account };
  const { target } = capturingEnv();
  const delays: (number | undefined)[] = [];
  for (let attempts = 1; attempts <= 6; attempts++) {
    const delivery = await deliverJobs([job], { attempts, target });
    expect(delivery.acked).toEqual([]);
    delays.push(delivery.retried[0]?.delaySeconds);
    if (attempts === 5) expect(await importOf(me, importId)).toMatchObject({ status: 'running', total: 0, processed: 0, created: 0 });
  }
  await deliverJobs([job], { queue: 'kith-jobs-dlq', target });
  const imp = await importOf(me, importId);
  expect(imp).toMatchObject({ status: 'failed', total: 0, processed: 0, created: 0 });
  expect(imp.errors[0].message).toMatch(/Google did not answer properly after several tries/);
  expect(await allContacts(me)).toEqual([]);
  const { data: failed } = await json(await as(me, '/api/v1/admin/dead-letters'));
  expect(failed).toHaveLength(1);
  expect(failed[0]).toMatchObject({ type: 'sync_google_contacts', attempts: 6, body: { import_id: importId } });
  return { delays, error: failed[0].error as string, me, account: fault.account as string, importId };
}

describe('Google People API faults during a contacts sync', () => {
  it('a 429 storm: delays of at least Retry-After, growing, then the import says it stopped', async () => {
    const { delays, error } = await storm({ status: 429, retryAfter: '90' });
    expect(delays).toEqual([90, 90, 120, 240, 480, 960]);
    expect(error).toBe('Google rate limited the sync (429)');
  });

  it('a 5xx storm: queue delays doubling from 60 s, then the import says it stopped; once Google is back, Replay finishes it', async () => {
    const { delays, error, me, account, importId } = await storm({ status: 503 });
    expect(delays).toEqual([60, 120, 240, 480, 960, 1920]);
    expect(error).toMatch(/google: unavailable \(HTTP 503\)/);

    await scenario({ account, fault: null });
    const [entry] = (await json(await as(me, '/api/v1/admin/dead-letters'))).data;
    expect((await as(me, `/api/v1/admin/dead-letters/${entry.id}/replay`, { method: 'POST' })).status).toBe(200);
    // The replayed message runs on the real queue.
    const imp = await eventually(
      () => importOf(me, importId),
      (current) => current.status === 'done',
      'the replayed sync finished',
    );
    expect(imp).toMatchObject({ status: 'done', total: 3, processed: 3, created: 3 });
    expect(await allContacts(me)).toHaveLength(3);
  });

  it('a garbage body (HTML with status 200) is retried, never taken for an empty address book', async () => {
    const { me, importId, job } = await connectedWithPeople({ status: 200, raw: '<html>Temporarily unavailable</html>' });
    const delivery = await deliverJobs([job], { target: capturingEnv().target });
    expect(delivery.retried).toEqual([{ id: delivery.messageIds[0], delaySeconds: 60 }]);
    expect(await importOf(me, importId)).toMatchObject({ status: 'running', processed: 0 });
  });

  it('a slow drip is cut by the timeout', async () => {
    const { me } = await connectedWithPeople({ status: 200, dripMs: 200 });
    const deps = await userDeps(me);
    const accessToken = await googleAccessToken(deps, me.user.id);
    const started = Date.now();
    const error = await listConnections(
      { apiUrl: deps.settings.GOOGLE_API_URL, accessToken, fetch: (...a) => fetch(...a), timeoutMs: 400 },
      {},
    ).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('unavailable');
  });

  it('after a blip the retry imports everyone, counted once', async () => {
    const { me, account, importId, job } = await connectedWithPeople({ status: 500 });
    const { target } = capturingEnv();
    expect((await deliverJobs([job], { target })).retried).toHaveLength(1);
    await scenario({ account, fault: null });
    expect((await deliverJobs([job], { target, attempts: 2 })).acked).toHaveLength(1);
    expect(await importOf(me, importId)).toMatchObject({ status: 'done', total: 3, processed: 3, created: 3 });
    expect(await allContacts(me)).toHaveLength(3);
  });
});
