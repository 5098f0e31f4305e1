import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDb } from '../../worker/db/client';
import { requestPasswordReset } from '../../worker/domain/auth/password-reset';
import { mailerFromEnv } from '../../worker/domain/mail/mailer';
import { getSettings, type Env } from '../../worker/env';
import { ORIGIN, signUp, uniqueEmail } from '../support/client';

// Issue 41 item 5: without the EMAIL binding an email is logged as not sent, to a masked
// address, with the reason; never its text (a reset link is a key to the account).
describe('mail without the EMAIL binding', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs that a reset email would have gone, to whom (masked) and why not, never the link', async () => {
    const email = uniqueEmail('logged');
    await signUp('Logged', email);
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    const withoutBinding = { ...(env as unknown as Env), EMAIL: undefined };
    const mailer = mailerFromEnv(withoutBinding, getSettings(env as unknown as Env));
    await requestPasswordReset(createDb((env as unknown as { DB: D1Database }).DB), mailer, ORIGIN, email);
    const logged = lines.join('\n');
    expect(logged).toContain(`${email[0]}***@example.com`);
    expect(logged).toContain('no EMAIL binding');
    expect(logged).not.toContain('reset-password?token=');
    expect(logged).not.toContain(email);
  });
});
