import { describe, expect, it } from 'vitest';
import { depsFromEnv } from '../../worker/domain/deps';
import { googleAccessToken } from '../../worker/domain/google/google-access-token';
import { getGmailProfile } from '../../worker/providers/google/gmail-client';
import { signUp } from '../support/client';
import { connectEmail, env, gmailScenario } from './email-support';

// A Gmail that stops answering must fail the call (the sync job then retries later), never
// hold it: the limit covers the whole answer, a body that trickles in included.
describe('provider calls have a time limit', () => {
  it.each([
    ['never answers', { hangMs: 5_000 }],
    ['sends its headers, then trickles the body in', { dripMs: 400 }],
  ])('a Gmail that %s fails as unavailable within the limit', async (_, stall) => {
    const me = await signUp();
    const account = `stall-${Math.random().toString(36).slice(2, 8)}`;
    await connectEmail(me, account);
    const deps = depsFromEnv(env);
    const api = { apiUrl: deps.settings.GMAIL_API_URL, accessToken: await googleAccessToken(deps, me.user.id), fetch: (...a: Parameters<typeof fetch>) => fetch(...a), timeoutMs: 500 };
    expect((await getGmailProfile(api)).emailAddress).toBe(`${account}@gmail.test`);

    await gmailScenario({ account, stall });
    const started = Date.now();
    await expect(getGmailProfile(api)).rejects.toMatchObject({ name: 'ProviderError', provider: 'Gmail', kind: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
