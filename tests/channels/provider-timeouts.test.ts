import { describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env';
import { syncGmail } from '../../worker/domain/gmail/sync-gmail';
import { googleAccessToken } from '../../worker/domain/google/google-access-token';
import { getGmailProfile } from '../../worker/providers/google/gmail-client';
import { finishXConnect, startXConnect } from '../../worker/domain/x/connect-x';
import { ProviderTimeoutError } from '../../worker/providers/provider-fetch';
import { signUp } from '../support/client';
import { connectEmail, env, gmailScenario } from './email-support';
import { userDeps } from '../support/stores';
import { xConnection, xScenario } from '../social/x-support';

const stalledAccount = () => `stall-${Math.random().toString(36).slice(2, 8)}`;

// A Gmail that stops answering must fail the call (the sync job then retries later), never
// hold it: the limit covers the whole answer, a body that trickles in included.
describe('provider calls have a time limit', () => {
  it('a Gmail that never answers ends the sync with a timeout within PROVIDER_TIMEOUT_MS', async () => {
    const me = await signUp();
    const account = stalledAccount();
    await connectEmail(me, account);
    await gmailScenario({ account, stall: { hangMs: 5_000 } });
    try {
      const deps = await userDeps(me, { ...env, PROVIDER_TIMEOUT_MS: '200' } as Env);
      const started = Date.now();
      const failure = await syncGmail(deps, me.user.id).then(
        () => null,
        (error: unknown) => error as Error & { code?: string },
      );
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(failure).toMatchObject({ code: 'provider_error', message: 'Gmail is not answering right now; try again later' });
      expect(failure?.cause).toBeInstanceOf(ProviderTimeoutError);
      expect(failure?.cause).toMatchObject({ provider: 'Gmail', kind: 'unavailable', timeoutMs: 200 });
    } finally {
      await gmailScenario({ account, stall: null });
    }
  });

  it('a Gmail that sends its headers, then trickles the body in, times out within the limit', async () => {
    const me = await signUp();
    const account = stalledAccount();
    await connectEmail(me, account);
    const deps = await userDeps(me);
    const api = {
      apiUrl: deps.settings.GMAIL_API_URL,
      accessToken: await googleAccessToken(deps, me.user.id),
      fetch: (...a: Parameters<typeof fetch>) => fetch(...a),
      timeoutMs: 500,
    };
    expect((await getGmailProfile(api)).emailAddress).toBe(`${account}@gmail.test`);

    await gmailScenario({ account, stall: { dripMs: 400 } });
    const started = Date.now();
    await expect(getGmailProfile(api)).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('connecting an X that does not answer the account read ends within PROVIDER_TIMEOUT_MS, not connected', async () => {
    const me = await signUp();
    const account = stalledAccount();
    await xScenario({ account, stall: { hangMs: 5_000 } });
    try {
      const deps = await userDeps(me, { ...env, PROVIDER_TIMEOUT_MS: '200' } as Env);
      // X's consent screen, answered as the stalled account: its token endpoint answers, its API hangs.
      const consent = new URL(await startXConnect(deps, me.user.id));
      consent.searchParams.set('fake_account', account);
      const back = new URL((await fetch(consent.toString(), { redirect: 'manual' })).headers.get('location')!);
      const started = Date.now();
      const failure = await finishXConnect(deps, me.user.id, {
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
        error: null,
      }).then(
        () => null,
        (error: unknown) => error as Error & { code?: string },
      );
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(failure).toMatchObject({ code: 'provider_error', message: 'X is not answering right now; try again later' });
      expect(failure?.cause).toMatchObject({ kind: 'unavailable', timeoutMs: 200 });
      expect((await xConnection(me)).status).toBe('not_connected');
    } finally {
      await xScenario({ account, stall: null });
    }
  });
});
